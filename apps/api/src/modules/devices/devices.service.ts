import {
  licenceMessages,
  type Activity,
  type DeviceActivateBody,
  type DeviceActivateResponse,
  type DeviceHeartbeatBody,
  type DeviceLicenceResponse,
  type LicenceActivityUpdatedEvent,
} from '@patrol/contracts';
import { afterTransfer, isValidDeviceId, transfersLeft } from '@patrol/domain';
import type { Logger } from 'pino';
import type { ClientRow, LicenceRow } from '../../db/schema';
import type { PublishedEvent } from '../../events/event-bus';
import type { AppContext, DeviceSessionRecord, HeartbeatEntry } from '../../http/app-context';
import { conflict, forbidden, invalid, notFound, tooMany } from '../../http/app-error';
import { generateOpaqueToken, hashOpaqueToken } from '../../security/opaque-token';
import {
  announceLicenceChange,
  bindAvailableLicence,
  licenceRuleMessages,
  lockLicence,
  recordLicenceActivity,
  withDeviceConflict,
} from '../licences/licences.service';
import { deviceMessages, type DeviceSession } from './device-auth';
import { deviceLicenceFile } from './device-licence-file';
import { deviceLicenceStatus, presentDeviceLicence } from './devices.presenter';
import { loadOverdueStanding } from '../renewals/overdue-standing.service';
import type { OverdueStanding } from '../../http/app-context';
import {
  auditDeviceActivation,
  recordDeviceActivation,
  replaceDeviceToken,
  writeHeartbeats,
} from '../licences/licence-devices.service';

// The composition root builds the device authenticator of routes admitting the patrol app.
export { createDeviceAuthenticator, deviceMessages, type DeviceSession } from './device-auth';

/**
 * licenceActivityUpdated is announced at most once a minute per device: every console reloads on
 * it, and a fleet reporting every few seconds would otherwise keep them all reloading. A minute
 * is far finer than the dashboard's 5-minute "Active Now" window.
 */
export const activityAnnouncementIntervalMs = 60_000;

/**
 * Activates the patrol app: binds the available licence `licenceKey` to the device and answers a
 * new device token (stored only as its hash). A licence staff bound to this device activates
 * without a token the first time; once the device holds a token, activating again needs it
 * (`presentedTokenHash`): the app renews its token, and the
 * key and device id, which are not secrets, cannot take the device over; a reinstall that lost
 * its token needs staff to unbind the licence. A move to a new device by the app itself spends
 * the licence's transfer budget (3 in 30 days). Refused: unknown key 404, expired licence or
 * deactivated client 403, licence bound to another device (or device bound to another licence),
 * re-activation without the token or an exhausted budget 409, past 10 activations of the licence
 * within an hour 429.
 */
export async function activateDevice(
  {
    db,
    events,
    deviceSessions,
    limits,
    config,
  }: Pick<AppContext, 'db' | 'events' | 'deviceSessions' | 'limits' | 'config'>,
  body: DeviceActivateBody,
  presented: { tokenHash: string | undefined; requestId: string },
  now: Date = new Date(),
): Promise<DeviceActivateResponse> {
  if (!isValidDeviceId(body.deviceId, body.projectName)) {
    throw invalid(licenceMessages.deviceIdFormat, { deviceId: licenceMessages.deviceIdFormat });
  }
  const deviceToken = generateOpaqueToken();
  const tokenHash = hashOpaqueToken(deviceToken);
  const outcome = await withDeviceConflict(() =>
    db.transaction(async (tx) => {
      const found = await lockLicence(tx, body.licenceKey);
      if (!found) throw notFound(licenceRuleMessages.notFound);
      const { licence, client } = found;
      // However many addresses try it, one key is activated at most a few times an hour.
      if (!(await limits.licenceActivations.consume(licence.id))) throw tooMany();
      const { standing: overdue } = await loadOverdueStanding(tx, licence);
      refuseUnusable(licence, client, now, overdue);
      if (licence.bound) {
        if (licence.deviceId !== body.deviceId) throw conflict(deviceMessages.boundElsewhere);
        // Bound by staff, the device has no token yet: this is its first activation.
        const holdsToken = licence.deviceTokenHash !== null;
        if (holdsToken && presented.tokenHash !== licence.deviceTokenHash) {
          throw conflict(deviceMessages.reactivationNeedsToken);
        }
        const renewed = await replaceDeviceToken(tx, licence.id, body.deviceId, tokenHash, now);
        // The row is locked and bound to this device, so the update always finds it.
        if (!renewed) throw conflict(deviceMessages.boundElsewhere);
        const counted = await recordDeviceActivation(tx, licence.id, body.deviceId, now);
        await auditDeviceActivation(tx, licence, counted, presented.requestId);
        return { licence: counted, client, activity: undefined, overdue };
      }
      const isTransfer = licence.lastDeviceId !== null && licence.lastDeviceId !== body.deviceId;
      if (isTransfer && transfersLeft(licence, now) === 0) {
        throw conflict(deviceMessages.transferBudgetSpent);
      }
      const bound = await bindAvailableLicence(tx, licence.id, { ...body, tokenHash }, now);
      if (!bound) throw conflict(deviceMessages.boundElsewhere);
      const counted = await recordDeviceActivation(
        tx,
        licence.id,
        body.deviceId,
        now,
        isTransfer ? afterTransfer(licence, now) : undefined,
      );
      await auditDeviceActivation(tx, licence, counted, presented.requestId);
      const activity = await recordLicenceActivity(tx, client, bound.key, {
        type: 'licence_bound',
        detail: `Licence ${bound.key} activated on device ${body.deviceId}`,
      });
      return { licence: counted, client, activity, overdue };
    }),
  );
  // A reinstall replaced the token: the old one's cached session must not outlive it.
  forgetSessions(deviceSessions, (session) => session.licence.id === outcome.licence.id);
  announceActivation(events, outcome, now);
  return {
    success: true,
    deviceToken,
    licence: presentDeviceLicence(outcome.licence, outcome.client, now, outcome.overdue),
    licenceFile: deviceLicenceFile(config, outcome.licence, outcome.client, now, outcome.overdue),
  };
}

/**
 * Records that the device is alive and answers its licence state, without touching the database:
 * the beat joins the heartbeat buffer, written once a second for every device (flushHeartbeats).
 * Refused with 403 once the licence expired or its client was deactivated (nothing is recorded).
 */
export function recordHeartbeat(
  { heartbeats, logger, config }: Pick<AppContext, 'heartbeats' | 'logger' | 'config'>,
  request: { readonly log: Logger },
  device: DeviceSession,
  body: DeviceHeartbeatBody,
  now: Date = new Date(),
): DeviceLicenceResponse {
  refuseUnusable(device.licence, device.client, now, device.overdue);
  const previous = device.licence.lastDeviceActivity;
  // Consoles hear of a device at most once a minute (see activityAnnouncementIntervalMs).
  const announce =
    !previous || now.getTime() - previous.getTime() >= activityAnnouncementIntervalMs;
  heartbeats.add(device.licence.id, {
    licenceId: device.licence.id,
    tokenHash: device.tokenHash,
    at: now,
    announce: announce || (heartbeats.peek(device.licence.id)?.announce ?? false),
    clientId: device.client.id,
    licenceKey: device.licence.key,
    deviceId: device.licence.deviceId ?? '',
  });
  if (announce) device.licence.lastDeviceActivity = now;
  // The request's logger is made on first use: only when the line will be written.
  if (logger.isLevelEnabled('debug')) {
    request.log.debug({ licenceKey: device.licence.key, diagnostics: body }, 'device heartbeat');
  }
  return deviceLicenceResponse(config, device, now);
}

/**
 * Writes one batch of buffered heartbeats, then announces licenceActivityUpdated for the devices
 * due an announcement. A heartbeat whose token was revoked in the meantime (unbind, delete,
 * reactivation in another process) is not written, and its cached session is dropped so the
 * device's next call gets 401.
 */
export async function flushHeartbeats(
  { db, events, deviceSessions }: Pick<AppContext, 'db' | 'events' | 'deviceSessions'>,
  batch: ReadonlyMap<string, HeartbeatEntry>,
): Promise<void> {
  const entries = [...batch.values()];
  const written = await writeHeartbeats(db, entries);
  for (const entry of entries) {
    if (!written.has(entry.licenceId)) {
      deviceSessions.delete(entry.tokenHash);
      continue;
    }
    if (entry.announce) {
      events.publish('licenceActivityUpdated', {
        licenceKey: entry.licenceKey,
        deviceId: entry.deviceId,
        clientId: entry.clientId,
        lastDeviceActivity: entry.at.toISOString(),
      });
    }
  }
}

/**
 * Keeps the device session cache true to committed changes made in this process: an unbound,
 * extended or deleted licence, a deactivated or deleted client, drop the sessions concerned
 * (other processes' caches expire within seconds, and their heartbeat writes refuse revoked
 * tokens). Subscribed to the event bus by the composition root.
 */
export function evictChangedDeviceSessions(
  deviceSessions: AppContext['deviceSessions'],
): (published: PublishedEvent) => void {
  return (published) => {
    if (published.event === 'licenceUpdated') {
      const { key } = published.payload.licence;
      forgetSessions(deviceSessions, (session) => session.licence.key === key);
    } else if (published.event === 'clientUpdated') {
      const { id } = published.payload;
      forgetSessions(deviceSessions, (session) => session.client.id === id);
    } else if (published.event === 'paymentValidated' || published.event === 'billingUpdated') {
      // A validated payment, a voided or credited invoice may lift an overdue state: the few
      // sessions holding one are read again (the others expire within seconds anyway).
      forgetSessions(deviceSessions, (session) => Boolean(session.overdue));
    } else if (published.event === 'clientDeleted') {
      const { companyId } = published.payload;
      forgetSessions(deviceSessions, (session) => session.client.companyId === companyId);
    }
  };
}

/** Drops the held device sessions `matches` accepts (collected first: lru-cache's walk must not change under it). */
function forgetSessions(
  deviceSessions: AppContext['deviceSessions'],
  matches: (session: DeviceSessionRecord) => boolean,
): void {
  const doomed: string[] = [];
  for (const [tokenHash, session] of deviceSessions.entries()) {
    if (matches(session)) doomed.push(tokenHash);
  }
  for (const tokenHash of doomed) deviceSessions.delete(tokenHash);
}

/** The licence state as the device sees it, including an expired or suspended state. */
export function readDeviceLicence(
  { config }: Pick<AppContext, 'config'>,
  device: DeviceSession,
  now: Date = new Date(),
): DeviceLicenceResponse {
  return deviceLicenceResponse(config, device, now);
}

function deviceLicenceResponse(
  config: AppContext['config'],
  { licence, client, overdue }: Pick<DeviceSession, 'licence' | 'client' | 'overdue'>,
  now: Date,
): DeviceLicenceResponse {
  return {
    success: true,
    licence: presentDeviceLicence(licence, client, now, overdue),
    serverTime: now.toISOString(),
    licenceFile: deviceLicenceFile(config, licence, client, now, overdue),
  };
}

/** 403 for a device whose licence it may not use (session pings check it like heartbeats). */
export function refuseUnusableDevice(device: DeviceSession, now: Date): void {
  refuseUnusable(device.licence, device.client, now, device.overdue);
}

/**
 * 403 for a licence the device may not use: expired, its client deactivated, or suspended for an
 * unpaid invoice. A restricted licence is answered (with its message), not refused.
 */
function refuseUnusable(
  licence: LicenceRow,
  client: ClientRow,
  now: Date,
  overdue?: OverdueStanding | null,
): void {
  const status = deviceLicenceStatus(licence, client, now, overdue);
  if (status === 'expired') throw forbidden(deviceMessages.expired);
  if (status === 'suspended') {
    throw forbidden(client.active ? deviceMessages.overdueSuspended : deviceMessages.suspended);
  }
}

/** A first activation is a bind (licenceUpdated + activity); a reactivation is only activity. */
function announceActivation(
  events: AppContext['events'],
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
