import { z } from 'zod';
import { isoDateTimeSchema, successResponse } from './fields';
import { deviceLicenceStatusSchema } from './device';
import { licenceTypeSchema } from './licences';

/**
 * The signed licence file the device API answers on activation and on every heartbeat, so the
 * patrol app can prove its licence while offline.
 *
 * Encoding: `base64url(payload JSON) + '.' + base64url(Ed25519 signature)`, no padding. The
 * signature covers the payload bytes exactly as they decode from the first part (UTF-8 JSON),
 * so a verifier never re-serialises the JSON. The server writes the keys in the order of
 * `licenceFilePayloadKeys`; readers must not depend on it.
 */
export const licenceFileFormatVersion = 1;

export const licenceFilePayloadSchema = z.strictObject({
  /** Format version of the payload. */
  v: z.literal(licenceFileFormatVersion),
  /** Id of the server key that signed it (GET /api/device/licence-keys). */
  kid: z.string().min(1).max(64),
  licenceKey: z.string().min(1),
  clientId: z.string().min(1),
  deviceId: z.string().min(1),
  licenceType: licenceTypeSchema,
  status: deviceLicenceStatusSchema,
  /** Null means the licence never expires. */
  validUntil: isoDateTimeSchema.nullable(),
  /** When the server signed it, by the server's clock. */
  issuedAt: isoDateTimeSchema,
  /** How long after issuedAt the device may keep working without reaching the server. */
  graceSeconds: z.number().int().min(0),
});
export type LicenceFilePayload = z.infer<typeof licenceFilePayloadSchema>;

/** The fixed order in which the server writes the payload's keys. */
export const licenceFilePayloadKeys = [
  'v',
  'kid',
  'licenceKey',
  'clientId',
  'deviceId',
  'licenceType',
  'status',
  'validUntil',
  'issuedAt',
  'graceSeconds',
] as const satisfies readonly (keyof LicenceFilePayload)[];

export const licenceSigningAlgorithm = 'Ed25519';

/** One public key of the server: the current signer and the earlier ones still verifiable. */
export const licencePublicKeySchema = z.object({
  keyId: z.string(),
  algorithm: z.literal(licenceSigningAlgorithm),
  /** base64 of the DER SubjectPublicKeyInfo (Java's X509EncodedKeySpec, Node's 'spki'). */
  publicKey: z.string(),
  /** True for the key that signs new files. */
  current: z.boolean(),
});
export type LicencePublicKey = z.infer<typeof licencePublicKeySchema>;

/** GET /api/device/licence-keys (public). */
export const licencePublicKeysResponseSchema = successResponse({
  keys: z.array(licencePublicKeySchema),
});
export type LicencePublicKeysResponse = z.infer<typeof licencePublicKeysResponseSchema>;
