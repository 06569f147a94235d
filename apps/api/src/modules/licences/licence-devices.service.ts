import type { DbExecutor } from '../../db/client';
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
