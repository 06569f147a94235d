import type { DeviceLicence, DeviceLicenceStatus } from '@patrol/contracts';
import { dayMs, isLicenceExpired } from '@patrol/domain';
import type { ClientRow, LicenceRow } from '../../db/schema';
import type { OverdueStanding } from '../../http/app-context';
import { overdueStatusOn } from '../renewals/overdue-standing.service';
import { deviceMessages } from './device-auth';

/**
 * Expired wins; a deactivated client suspends its devices; an unpaid invoice past its graces
 * restricts, then suspends, the keys it covers (decided now, from the session's due days);
 * otherwise the licence is active.
 */
export function deviceLicenceStatus(
  licence: LicenceRow,
  client: ClientRow,
  now: Date,
  overdue?: OverdueStanding | null,
): DeviceLicenceStatus {
  if (isLicenceExpired(licence.validUntil, now)) return 'expired';
  if (!client.active) return 'suspended';
  return overdueStatusOn(overdue, now) ?? 'active';
}

/** What the app shows beside a status that is not plainly active. */
function statusMessage(status: DeviceLicenceStatus, client: ClientRow): string | undefined {
  if (status === 'restricted') return deviceMessages.restricted;
  if (status === 'suspended') {
    return client.active ? deviceMessages.overdueSuspended : deviceMessages.suspended;
  }
  if (status === 'expired') return deviceMessages.expired;
  return undefined;
}

/** A bound licence as its device sees it: state, expiry and features, never the token hash. */
export function presentDeviceLicence(
  licence: LicenceRow,
  client: ClientRow,
  now: Date,
  overdue?: OverdueStanding | null,
): DeviceLicence {
  const status = deviceLicenceStatus(licence, client, now, overdue);
  const message = statusMessage(status, client);
  return {
    key: licence.key,
    licenseType: licence.licenceType,
    status,
    validUntil: licence.validUntil?.toISOString() ?? null,
    remainingDays: licence.validUntil
      ? Math.max(0, Math.floor((licence.validUntil.getTime() - now.getTime()) / dayMs))
      : null,
    features: licence.features,
    deviceId: licence.deviceId ?? '',
    projectName: licence.projectName ?? '',
    companyName: client.companyName,
    ...(message ? { message } : {}),
  };
}
