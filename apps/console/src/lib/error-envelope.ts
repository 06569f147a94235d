import { errorEnvelopeSchema, type ErrorEnvelope } from '@patrol/contracts';

/**
 * The server's error envelope read from a failed answer's body, or null when the body is not
 * one. A module of its own: the API client loads it (and zod with it) on its first failure, so
 * the sign-in page does not carry the schema library up front.
 */
export function readErrorEnvelope(body: unknown): ErrorEnvelope | null {
  const envelope = errorEnvelopeSchema.safeParse(body);
  return envelope.success ? envelope.data : null;
}
