import {
  licenceMessages,
  type Activity,
  type DeviceActivateBody,
  type DeviceActivateResponse,
  type DeviceHeartbeatBody,
  type DeviceLicenceResponse,
  type LicenceActivityUpdatedEvent,
} from '@patrol/contracts';
import { isValidDeviceId } from '@patrol/domain';
import type { Logger } from 'pino';
import type { ClientRow, LicenceRow } from '../../db/schema';
import { conflict, forbidden, invalid, notFound, unauthenticated } from '../../http/app-error';
import { generateOpaqueToken, hashOpaqueToken } from '../../security/opaque-token';
import type { DomainDeps } from '../activity/event-bus';
import { bindLicenceIfAvailable, findLicenceByKey } from '../licences/licences.repo';
import {
  announceLicenceChange,
  licenceRuleMessages,
  recordLicenceActivity,
  withDeviceConflict,
} from '../licences/licences.service';
import { deviceMessages, type DeviceSession } from './device-auth';
import { deviceLicenceStatus, presentDeviceLicence } from './devices.presenter';
import { recordDeviceActivity, replaceDeviceToken } from './devices.repo';

/**
 * licenceActivityUpdated is announced at most once a minute per device: every console reloads on
 * it, and a fleet reporting every few seconds would otherwise keep them all reloading. A minute
 * is far finer than the dashboard's 5-minute "Active Now" window.
 */
export const activityAnnouncementIntervalMs = 60_000;

/**
 * Activates the patrol app: binds the available licence `licenceKey` to the device and answers a
 * new device token (stored only as its hash). The same device activating again (a reinstall)
 * gets a new token and the old one stops working. Refused: unknown key 404, expired licence or
 * deactivated client 403, licence bound to another device (or device bound to another licence) 409.
 */
export async function activateDevice(
  { db, events }: DomainDeps,
  body: DeviceActivateBody,
  now: Date = new Date(),
): Promise<DeviceActivateResponse> {
  if (!isValidDeviceId(body.deviceId, body.projectName)) {
    throw invalid(licenceMessages.deviceIdFormat, { deviceId: licenceMessages.deviceIdFormat });
  }
  const deviceToken = generateOpaqueToken();
  const tokenHash = hashOpaqueToken(deviceToken);
  const outcome = await withDeviceConflict(() =>
    db.transaction(async (tx) => {
      const found = await findLicenceByKey(tx, body.licenceKey, { forUpdate: true });
      if (!found) throw notFound(licenceRuleMessages.notFound);
      const { licence, client } = found;
      refuseUnusable(licence, client, now);
      if (licence.bound) {
        if (licence.deviceId !== body.deviceId) throw conflict(deviceMessages.boundElsewhere);
        const renewed = await replaceDeviceToken(tx, licence.id, body.deviceId, tokenHash, now);
        // The row is locked and bound to this device, so the update always finds it.
        if (!renewed) throw conflict(deviceMessages.boundElsewhere);
        return { licence: renewed, client, activity: undefined };
      }
      const bound = await bindLicenceIfAvailable(tx, licence.id, { ...body, tokenHash }, now);
      if (!bound) throw conflict(deviceMessages.boundElsewhere);
      const activity = await recordLicenceActivity(tx, client, bound.key, {
        type: 'licence_bound',
        detail: `Licence ${bound.key} activated on device ${body.deviceId}`,
      });
      return { licence: bound, client, activity };
    }),
  );
  announceActivation(events, outcome, now);
  return {
    success: true,
    deviceToken,
    licence: presentDeviceLicence(outcome.licence, outcome.client, now),
  };
}

/**
 * Records that the device is alive (lastDeviceActivity = now) and answers its licence state.
 * Refused with 403 once the licence expired or its client was deactivated (nothing is recorded),
 * and with 401 when the licence was unbound or deleted in the meantime.
 */
export async function recordHeartbeat(
  { db, events }: DomainDeps,
  logger: Logger,
  device: DeviceSession,
  body: DeviceHeartbeatBody,
  now: Date = new Date(),
): Promise<DeviceLicenceResponse> {
  refuseUnusable(device.licence, device.client, now);
  const updated = await recordDeviceActivity(db, device.licence.id, device.tokenHash, now);
  if (!updated) throw unauthenticated(deviceMessages.tokenInvalid);
  logger.debug({ licenceKey: updated.key, diagnostics: body }, 'device heartbeat');
  const previous = device.licence.lastDeviceActivity;
  if (!previous || now.getTime() - previous.getTime() >= activityAnnouncementIntervalMs) {
    events.publish('licenceActivityUpdated', activityEvent(updated, device.client, now));
  }
  return deviceLicenceResponse(updated, device.client, now);
}

/** The licence state as the device sees it, including an expired or suspended state. */
export function readDeviceLicence(
  device: DeviceSession,
  now: Date = new Date(),
): DeviceLicenceResponse {
  return deviceLicenceResponse(device.licence, device.client, now);
}

function deviceLicenceResponse(
  licence: LicenceRow,
  client: ClientRow,
  now: Date,
): DeviceLicenceResponse {
  return {
    success: true,
    licence: presentDeviceLicence(licence, client, now),
    serverTime: now.toISOString(),
  };
}

/** 403 for a licence the device may not use: expired, or its client deactivated. */
function refuseUnusable(licence: LicenceRow, client: ClientRow, now: Date): void {
  const status = deviceLicenceStatus(licence, client, now);
  if (status === 'expired') throw forbidden(deviceMessages.expired);
  if (status === 'suspended') throw forbidden(deviceMessages.suspended);
}

/** A first activation is a bind (licenceUpdated + activity); a reactivation is only activity. */
function announceActivation(
  events: DomainDeps['events'],
  outcome: { licence: LicenceRow; client: ClientRow; activity: Activity | undefined },
  now: Date,
): void {
  const { licence, client, activity } = outcome;
  if (activity) announceLicenceChange(events, 'bind', client, licence, activity);
  events.publish('licenceActivityUpdated', activityEvent(licence, client, now));
}

function activityEvent(
  licence: LicenceRow,
  client: ClientRow,
  reportedAt: Date,
): LicenceActivityUpdatedEvent {
  return {
    licenceKey: licence.key,
    deviceId: licence.deviceId ?? '',
    clientId: client.id,
    lastDeviceActivity: reportedAt.toISOString(),
  };
}
