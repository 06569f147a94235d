import jwt, { type SignOptions } from 'jsonwebtoken';
import { z } from 'zod';
import { signingKey } from '../security/signing-key';

const accessTokenPayloadSchema = z.object({
  sub: z.uuid(),
  typ: z.literal('access'),
  iat: z.number().int(),
  // jsonwebtoken checks `exp` only when present: a token without one would never expire.
  exp: z.number().int(),
  /** The session (refresh token family) the token belongs to; signed out, the token ends. */
  sid: z.uuid().optional(),
});

/** What a verified access token says. */
export interface AccessTokenClaims {
  userId: string;
  /** When the token was signed, in whole seconds since the epoch (the JWT `iat`). */
  issuedAt: number;
  /** The signed-in session it belongs to; absent only on tokens signed outside a session. */
  sessionId?: string;
}

/** Signs a short-lived HS256 access token `{ sub: userId, typ: 'access', sid }`. */
export function signAccessToken(
  secret: string,
  userId: string,
  ttl: SignOptions['expiresIn'] = '15m',
  sessionId?: string,
): string {
  return jwt.sign({ typ: 'access', ...(sessionId && { sid: sessionId }) }, signingKey(secret), {
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
  if (!parsed.success) return undefined;
  const { sub, iat, sid } = parsed.data;
  return { userId: sub, issuedAt: iat, ...(sid && { sessionId: sid }) };
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
