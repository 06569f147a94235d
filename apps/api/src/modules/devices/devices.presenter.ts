import type { DeviceLicence, DeviceLicenceStatus } from '@patrol/contracts';
import { dayMs, isLicenceExpired } from '@patrol/domain';
import type { ClientRow, LicenceRow } from '../../db/schema';

/** Expired wins; a deactivated client suspends its devices; otherwise the licence is active. */
export function deviceLicenceStatus(
  licence: LicenceRow,
  client: ClientRow,
  now: Date,
): DeviceLicenceStatus {
  if (isLicenceExpired(licence.validUntil, now)) return 'expired';
  return client.active ? 'active' : 'suspended';
}

/** A bound licence as its device sees it: state, expiry and features, never the token hash. */
export function presentDeviceLicence(
  licence: LicenceRow,
  client: ClientRow,
  now: Date,
): DeviceLicence {
  return {
    key: licence.key,
    licenseType: licence.licenceType,
    status: deviceLicenceStatus(licence, client, now),
    validUntil: licence.validUntil?.toISOString() ?? null,
    remainingDays: licence.validUntil
      ? Math.max(0, Math.floor((licence.validUntil.getTime() - now.getTime()) / dayMs))
      : null,
    features: licence.features,
    deviceId: licence.deviceId ?? '',
    projectName: licence.projectName ?? '',
    companyName: client.companyName,
  };
}
