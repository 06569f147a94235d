import type { DeviceSessionBody, DeviceSessionResponse } from '@patrol/contracts';
import type { AppContext } from '../../http/app-context';
import type { DeviceSession } from './device-auth';
import { refuseUnusableDevice } from './devices.service';

/**
 * POST /api/device/session: buffers the ping (counted within a second by the OTA module's
 * flushSessionPings, one batch for every device) and answers at once, without touching the
 * database. A repeated ping of the same session and event within the second is kept once. 403 once
 * the licence expired or its client was deactivated (nothing is counted).
 */
export function recordSessionPing(
  { sessionPings }: Pick<AppContext, 'sessionPings'>,
  device: DeviceSession,
  body: DeviceSessionBody,
  now: Date = new Date(),
): DeviceSessionResponse {
  refuseUnusableDevice(device, now);
  const deviceId = device.licence.deviceId ?? device.licence.id;
  sessionPings.add(`${deviceId}|${body.sessionId}|${body.event}`, {
    deviceId,
    platform: body.platform,
    versionCode: body.versionCode,
    versionName: body.versionName,
    sessionId: body.sessionId,
    event: body.event,
    status: body.event === 'end' ? body.status : undefined,
    foreground: body.foreground,
    anr: body.event === 'end' && body.anr,
    at: now,
  });
  return { success: true, accepted: true };
}
