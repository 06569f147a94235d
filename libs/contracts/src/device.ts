import { z } from 'zod';
import { isoDateTimeSchema, successResponse } from './fields';
import { deviceIdSchema, licenceKeySchema, licenceTypeSchema, projectNameSchema } from './licences';

/**
 * The API the patrol app calls (not part of the console spec):
 * - POST /api/device/activate (public): binds a licence to the device, answers a device token.
 * - POST /api/device/heartbeat (device token): records activity, answers the licence state.
 * - GET /api/device/licence (device token): the licence state.
 * The device token is sent as `Authorization: Bearer <deviceToken>`; it stops working when the
 * licence is unbound or deleted (401), so the app then asks the user to activate again.
 */

/**
 * active: bound to this device and valid; restricted: an invoice for the key is overdue past the
 * first grace (the app keeps working and shows `message`); expired: past validUntil; suspended:
 * the client is deactivated, or the overdue invoice is past the second grace (heartbeats are
 * refused). The app keeps working fully only while active.
 */
export const deviceLicenceStatuses = ['active', 'restricted', 'expired', 'suspended'] as const;
export const deviceLicenceStatusSchema = z.enum(deviceLicenceStatuses);
export type DeviceLicenceStatus = z.infer<typeof deviceLicenceStatusSchema>;

/** POST /api/device/activate. */
export const deviceActivateBodySchema = z.object({
  licenceKey: licenceKeySchema,
  deviceId: deviceIdSchema,
  projectName: projectNameSchema,
});
export type DeviceActivateBody = z.infer<typeof deviceActivateBodySchema>;

/** The licence as the device sees it. */
export const deviceLicenceSchema = z.object({
  key: z.string(),
  licenseType: licenceTypeSchema,
  status: deviceLicenceStatusSchema,
  /** Null means no expiry. */
  validUntil: isoDateTimeSchema.nullable(),
  /** Whole days left, 0 once expired; null without expiry. */
  remainingDays: z.number().int().nullable(),
  features: z.array(z.string()),
  deviceId: z.string(),
  projectName: z.string(),
  companyName: z.string(),
  /** What the app shows the user when the status is not plainly active (restricted). */
  message: z.string().optional(),
});
export type DeviceLicence = z.infer<typeof deviceLicenceSchema>;

/**
 * A signed licence file: `base64url(payload JSON).base64url(Ed25519 signature)`; its payload is
 * `licenceFilePayloadSchema` (licence-file.ts), verified with GET /api/device/licence-keys.
 */
export const licenceFileSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'must be base64url(payload).base64url(signature)');

/** POST /api/device/activate answer; the token is shown only once, store it. */
export const deviceActivateResponseSchema = successResponse({
  deviceToken: z.string(),
  licence: deviceLicenceSchema,
  licenceFile: licenceFileSchema,
});
export type DeviceActivateResponse = z.infer<typeof deviceActivateResponseSchema>;

/** POST /api/device/heartbeat: optional diagnostics; the call itself records activity. */
export const deviceHeartbeatBodySchema = z.object({
  appVersion: z.string().trim().max(50).optional(),
  osVersion: z.string().trim().max(50).optional(),
  /** Percent, 0 to 100. */
  batteryLevel: z.number().min(0).max(100).optional(),
});
export type DeviceHeartbeatBody = z.infer<typeof deviceHeartbeatBodySchema>;

/** GET /api/device/licence and POST /api/device/heartbeat answer. */
export const deviceLicenceResponseSchema = successResponse({
  licence: deviceLicenceSchema,
  /** The server's clock, so the app can judge expiry without trusting its own. */
  serverTime: isoDateTimeSchema,
  licenceFile: licenceFileSchema,
});
export type DeviceLicenceResponse = z.infer<typeof deviceLicenceResponseSchema>;

/**
 * POST /api/device/session: the app's session pings. `start` when a session begins (the app comes
 * to the foreground after 30 s or more in the background, or is launched); a return within 30 s
 * resumes the same session and sends the same sessionId again, which is not counted twice. `end`
 * says how it ended: exited (closed or sent to the background for 30 s), crashed (an uncaught
 * exception or a native crash), abnormal (killed without a crash: ANR dialog, out of memory, the
 * system). Counted per release per hour; the release is the versionCode the app runs.
 */
export const sessionEndStatuses = ['exited', 'crashed', 'abnormal'] as const;
export const sessionEndStatusSchema = z.enum(sessionEndStatuses);
export type SessionEndStatus = z.infer<typeof sessionEndStatusSchema>;

export const deviceSessionMessages = {
  statusRequired: 'An end ping needs a status: exited, crashed or abnormal',
  statusOnStart: 'A start ping has no status',
  sessionIdFormat: 'sessionId must be 8 to 64 letters, digits or hyphens',
} as const;

export const deviceSessionBodySchema = z
  .object({
    sessionId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, deviceSessionMessages.sessionIdFormat),
    event: z.enum(['start', 'end']),
    status: sessionEndStatusSchema.optional(),
    platform: z.enum(['android']).default('android'),
    /** The versionCode of the app that runs the session. */
    versionCode: z.number().int().min(0),
    versionName: z.string().trim().max(50).optional(),
    /**
     * End only: whether the app was in active use when the session ended (an activity shown or a
     * foreground service running): a crash then is user-perceived, as Google Play counts it.
     */
    foreground: z.boolean().default(true),
    /** End only: the session had a user-perceived ANR (input dispatching timed out). */
    anr: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    if (body.event === 'end' && !body.status) {
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: deviceSessionMessages.statusRequired,
      });
    }
    if (body.event === 'start' && body.status) {
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: deviceSessionMessages.statusOnStart,
      });
    }
  });
export type DeviceSessionBody = z.infer<typeof deviceSessionBodySchema>;

/** POST /api/device/session answer: the ping is buffered and counted within a second. */
export const deviceSessionResponseSchema = successResponse({ accepted: z.literal(true) });
export type DeviceSessionResponse = z.infer<typeof deviceSessionResponseSchema>;
