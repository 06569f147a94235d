import {
  deviceActivateBodySchema,
  deviceActivateResponseSchema,
  deviceHeartbeatBodySchema,
  deviceLicenceResponseSchema,
  deviceSessionBodySchema,
  deviceSessionResponseSchema,
  licencePublicKeysResponseSchema,
} from '@patrol/contracts';
import { defineRoute } from '../../http/route';
import { clientAddress } from '../../http/request-origin';
import { licencePublicKeys } from '../../security/licence-signing';
import { presentedDeviceToken, withActivationLimit } from './device-auth';
import { recordSessionPing } from './device-sessions.service';
import { activateDevice, readDeviceLicence, recordHeartbeat } from './devices.service';

const tags = ['devices'];

const deviceTokenNote =
  'Authenticated with the device token from activation, `Authorization: Bearer <deviceToken>` ' +
  '(not a user access token): 401 when it is missing or no longer valid (the licence was ' +
  'unbound, deleted, or activated again on the same device); 429 past 30 calls a minute per token.';

/**
 * The API the patrol app calls. Activation is public (rate-limited per address; a re-activation
 * presents its device token); the other calls declare access 'device'.
 */
export const deviceRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/device/activate',
    summary: 'Activate the patrol app: bind a licence key to this device and get a device token',
    description:
      'Binds the available (unbound, unexpired) licence with this key to the device. The device ' +
      'ID must read MPDID-{12 capitals or digits}-{projectName}. Activating again a licence bound ' +
      'to this device needs its current device token as `Authorization: Bearer <deviceToken>`: the ' +
      'device gets a new token and the old one stops working (a reinstall that lost its token ' +
      'needs staff to unbind the licence). Moving a licence to a new device by itself is allowed 3 ' +
      'times in 30 days (transfersLeft on the licence). The token is answered only once: store it. ' +
      'Refused with 404 for an unknown key, 403 for an expired licence or a deactivated client, ' +
      '409 when the licence is bound to another device or the device to another licence, when a ' +
      're-activation lacks the token, or when the transfer budget is spent; 429 after 30 failed ' +
      'activations from one address within 15 minutes or 10 activations of one key within an hour.',
    tags,
    access: 'public',
    chain: 'device',
    body: deviceActivateBodySchema,
    response: deviceActivateResponseSchema,
    handler: ({ ctx, req, body }) =>
      withActivationLimit(ctx, clientAddress(req), () =>
        activateDevice(ctx, body, {
          tokenHash: presentedDeviceToken(req),
          requestId: String(req.id),
        }),
      ),
  }),
  defineRoute({
    method: 'post',
    path: '/api/device/heartbeat',
    summary: "Report that the device is alive; answers the licence's current state",
    description:
      "Sets the licence's lastDeviceActivity to now (the console's Active Now and 'Last active' " +
      'texts), written within a second by the heartbeat buffer. The optional body carries ' +
      'diagnostics. 403 once the licence has expired or its ' +
      `client was deactivated; nothing is recorded then.\n\n${deviceTokenNote}`,
    tags,
    access: 'device',
    chain: 'device',
    body: deviceHeartbeatBodySchema,
    response: deviceLicenceResponseSchema,
    // Every device beats every few seconds: at info, the log would hold little else.
    successLog: 'debug',
    handler: ({ ctx, req, device, body }) => recordHeartbeat(ctx, req, device, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/device/session',
    summary: 'Session ping: a session starts, or ends exited, crashed or abnormal',
    description:
      'Counted per release (the versionCode sent) per hour within a second by the session-ping ' +
      'buffer, for crash-free sessions and devices and the Play vitals of release health. A ' +
      'session resumed within 30 s in the background keeps its sessionId; a start or end sent ' +
      'again for the same session counts once. An end needs a status (400 otherwise); foreground ' +
      '(default true) says the app was in active use, anr that the session had a user-perceived ' +
      `ANR. 403 once the licence has expired or its client was deactivated.\n\n${deviceTokenNote}`,
    tags,
    access: 'device',
    chain: 'device',
    body: deviceSessionBodySchema,
    response: deviceSessionResponseSchema,
    successLog: 'debug',
    handler: ({ ctx, device, body }) => recordSessionPing(ctx, device, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/device/licence',
    summary: "The device's licence: status, expiry, remaining days and features",
    description:
      'status is active, expired (past validUntil) or suspended (the client was deactivated); ' +
      `the app keeps working only while active. Records no activity.\n\n${deviceTokenNote}`,
    tags,
    access: 'device',
    chain: 'device',
    response: deviceLicenceResponseSchema,
    handler: ({ ctx, device }) => readDeviceLicence(ctx, device),
  }),
  defineRoute({
    method: 'get',
    path: '/api/device/licence-keys',
    summary: 'The public keys that verify licence files',
    description:
      'Every answer of activate, heartbeat and licence carries `licenceFile`: ' +
      '`base64url(payload JSON).base64url(Ed25519 signature of the payload bytes)`. The payload ' +
      "names the signing key (`kid`); this lists the server's keys: the current one signs new " +
      'files, earlier ones stay listed so files they signed still verify. `publicKey` is base64 ' +
      'DER SubjectPublicKeyInfo. Public: the app fetches it before it holds a token.',
    tags,
    access: 'public',
    chain: 'device',
    response: licencePublicKeysResponseSchema,
    handler: ({ ctx }) => ({
      success: true as const,
      keys: licencePublicKeys(ctx.config.licenceKeys),
    }),
  }),
];
