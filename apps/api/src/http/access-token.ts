import jwt, { type SignOptions } from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
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

/** A verified token's claims and the second it expires at (its JWT `exp`). */
type VerifiedToken = { claims: AccessTokenClaims; expiresAt: number };

/** Checks access tokens signed with one secret, holding the answers for valid ones. */
export interface AccessTokenVerifier {
  /** The claims of a valid, unexpired access token, or undefined for anything else. */
  verify(token: string, now?: number): AccessTokenClaims | undefined;
  /** Forgets every held answer (the composition root's close()). */
  clear(): void;
}

/** As jsonwebtoken decides: expired from the second `exp` on. */
const hasExpired = (expiresAt: number, now: number) => Math.floor(now / 1000) >= expiresAt;

/**
 * A console sends the same token with every call for its 15 minutes, and checking an HS256
 * signature and the claims again took about a sixth of a list request's time. The same string
 * verifies the same way, so a held answer (a minute, at most 10,000 tokens) is as good as a new
 * check until the token expires; only valid tokens are kept.
 */
export function createAccessTokenVerifier(secret: string): AccessTokenVerifier {
  const verified = new LRUCache<string, VerifiedToken>({
    max: 10_000,
    ttl: 60_000,
    ttlResolution: 0,
  });
  return {
    verify(token, now = Date.now()) {
      const held = verified.get(token);
      if (held) {
        if (!hasExpired(held.expiresAt, now)) return held.claims;
        verified.delete(token);
        return undefined;
      }
      const checked = checkAccessToken(secret, token, now);
      if (checked) verified.set(token, checked);
      return checked?.claims;
    },
    clear: () => verified.clear(),
  };
}

function checkAccessToken(secret: string, token: string, now: number): VerifiedToken | undefined {
  let payload: unknown;
  try {
    payload = jwt.verify(token, signingKey(secret), {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(now / 1000),
    });
  } catch {
    return undefined;
  }
  const parsed = accessTokenPayloadSchema.safeParse(payload);
  if (!parsed.success) return undefined;
  const { sub, iat, sid, exp } = parsed.data;
  return { claims: { userId: sub, issuedAt: iat, ...(sid && { sessionId: sid }) }, expiresAt: exp };
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
