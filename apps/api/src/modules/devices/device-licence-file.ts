import { dayMs } from '@patrol/domain';
import type { ClientRow, LicenceRow } from '../../db/schema';
import type { AppContext, OverdueStanding } from '../../http/app-context';
import { signLicenceFile } from '../../security/licence-signing';
import { deviceLicenceStatus } from './devices.presenter';

/** How long a device may keep working on its last licence file without reaching the server. */
export const licenceFileGraceMs = 7 * dayMs;

/** The signed licence file of a bound licence, as the device API answers it (see licence-file.ts in contracts). */
export function deviceLicenceFile(
  config: AppContext['config'],
  licence: LicenceRow,
  client: ClientRow,
  now: Date,
  overdue?: OverdueStanding | null,
): string {
  return signLicenceFile(config.licenceKeys, {
    licenceKey: licence.key,
    clientId: client.id,
    deviceId: licence.deviceId ?? '',
    licenceType: licence.licenceType,
    status: deviceLicenceStatus(licence, client, now, overdue),
    validUntil: licence.validUntil?.toISOString() ?? null,
    issuedAt: now.toISOString(),
    graceSeconds: licenceFileGraceMs / 1000,
  });
}
