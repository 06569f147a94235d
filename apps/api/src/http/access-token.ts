import jwt, { type SignOptions } from 'jsonwebtoken';
import { z } from 'zod';
import { signingKey } from '../security/signing-key';

const accessTokenPayloadSchema = z.object({
  sub: z.uuid(),
  typ: z.literal('access'),
  iat: z.number().int(),
});

/** What a verified access token says. */
export interface AccessTokenClaims {
  userId: string;
  /** When the token was signed, in whole seconds since the epoch (the JWT `iat`). */
  issuedAt: number;
}

/** Signs a short-lived HS256 access token `{ sub: userId, typ: 'access' }`. */
export function signAccessToken(
  secret: string,
  userId: string,
  ttl: SignOptions['expiresIn'] = '15m',
): string {
  return jwt.sign({ typ: 'access' }, signingKey(secret), {
    algorithm: 'HS256',
    subject: userId,
    expiresIn: ttl,
  });
}

/** The claims of a valid, unexpired access token, or undefined for anything else. */
export function verifyAccessToken(secret: string, token: string): AccessTokenClaims | undefined {
  let payload: unknown;
  try {
    payload = jwt.verify(token, signingKey(secret), { algorithms: ['HS256'] });
  } catch {
    return undefined;
  }
  const parsed = accessTokenPayloadSchema.safeParse(payload);
  return parsed.success ? { userId: parsed.data.sub, issuedAt: parsed.data.iat } : undefined;
}

/**
 * True when a token issued at `issuedAt` (seconds) predates the user's `sessionsValidAfter`.
 * `iat` cannot order a token within the second of the change, so every token of that second is
 * refused too: a session signed just after a reset may have to sign in again, never the reverse.
 */
export function issuedBeforeSessionsValidAfter(
  issuedAt: number,
  sessionsValidAfter: Date | null,
): boolean {
  if (!sessionsValidAfter) return false;
  return issuedAt <= Math.floor(sessionsValidAfter.getTime() / 1000);
}
