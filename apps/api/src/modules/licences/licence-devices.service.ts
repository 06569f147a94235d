import type { DbExecutor } from '../../db/client';
import type { LicenceRow } from '../../db/schema';
import { auditLicence } from './licence-billing.service';
import { findLicenceByDeviceTokenHash } from './licence-devices.repo';
import { withOwner, type OwnedLicence } from './licences.service';

// The writes the devices module makes on a licence as its app activates and reports: the licence
// rows are this module's, the rules of activation are the devices module's.
export {
  recordDeviceActivation,
  replaceDeviceToken,
  writeHeartbeats,
  type HeartbeatWrite,
} from './licence-devices.repo';

/** The bound licence (with its client) whose device token hashes to `tokenHash`. */
export async function findLicenceByDeviceToken(
  db: DbExecutor,
  tokenHash: string,
): Promise<OwnedLicence | undefined> {
  return withOwner(db, await findLicenceByDeviceTokenHash(db, tokenHash));
}

/**
 * The patrol app activating its licence (binding it, or renewing its device token), in the trail
 * with no actor and the request it came in; the device id and counts are in the row.
 */
export function auditDeviceActivation(
  tx: DbExecutor,
  before: LicenceRow,
  after: LicenceRow,
  requestId: string,
): Promise<void> {
  return auditLicence(tx, { id: null, requestId }, 'licence.activated', before, after);
}
