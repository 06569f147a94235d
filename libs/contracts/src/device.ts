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
