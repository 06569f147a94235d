import jwt, { type SignOptions } from 'jsonwebtoken';
import { z } from 'zod';
import { createTtlCache, type TtlCache } from '../cache/ttl-cache';
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

/**
 * Tokens whose signature and claims were checked lately, per signing secret: a console sends the
 * same token with every call for its 15 minutes, and checking an HS256 signature and the claims
 * again took about a sixth of a list request's time. The same string verifies the same way, so a
 * held answer is as good as a new check until the token expires; only valid tokens are kept.
 */
const verifiedTokens = new Map<string, TtlCache<VerifiedToken>>();

function verifiedTokensOf(secret: string): TtlCache<VerifiedToken> {
  let cache = verifiedTokens.get(secret);
  if (!cache) {
    cache = createTtlCache({ ttlMs: 60_000, maxEntries: 10_000 });
    verifiedTokens.set(secret, cache);
  }
  return cache;
}

/** As jsonwebtoken decides: expired from the second `exp` on. */
const hasExpired = (expiresAt: number, now: number) => Math.floor(now / 1000) >= expiresAt;

/** The claims of a valid, unexpired access token, or undefined for anything else. */
export function verifyAccessToken(
  secret: string,
  token: string,
  now: number = Date.now(),
): AccessTokenClaims | undefined {
  const cache = verifiedTokensOf(secret);
  const held = cache.get(token);
  if (held) {
    if (!hasExpired(held.expiresAt, now)) return held.claims;
    cache.delete(token);
    return undefined;
  }
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
  const claims = { userId: sub, issuedAt: iat, ...(sid && { sessionId: sid }) };
  cache.set(token, { claims, expiresAt: exp });
  return claims;
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
