import { z } from 'zod';

/** Machine-readable error codes carried in the error envelope's `error` field. */
export const errorCodes = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'INVALID_2FA_CODE',
  'TWO_FACTOR_SETUP_REQUIRED',
  'ACCOUNT_INACTIVE',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** Every failure answers `{ success: false, error, message, errors? }`. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: errorCodeSchema,
  message: z.string(),
  /** Per-field messages for validation failures, keyed by the field's dotted path. */
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
  /** With 503: seconds to wait before trying again (also sent as the Retry-After header). */
  retryAfter: z.number().int().positive().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
