import { createHmac, randomUUID } from 'node:crypto';
import type { SessionUser } from '@patrol/contracts';
import type { LRUCache } from 'lru-cache';
import type { DbExecutor } from '../../db/client';
import type { RequestOrigin } from '../../http/request-origin';
import type { UserRow } from '../../db/schema';
import { signAccessToken } from '../../http/access-token';
import { AppError, unauthenticated } from '../../http/app-error';
import {
  accountInactiveMessage,
  twoFactorSetupRequiredMessage,
  type SessionSource,
} from '../../http/authenticate';
import { generateOpaqueToken, hashOpaqueToken } from '../../security/opaque-token';
import { deriveKey } from '../../security/secret-keys';
import { auditSessionEnded, auditSignedIn } from './auth-audit';
import type { AuthDeps } from './auth-deps';
import { presentSessionUser, toAuthUser } from './auth.presenter';
import {
  findRefreshToken,
  insertRefreshToken,
  isRefreshFamilyLive,
  markRefreshTokenReplaced,
  revokeRefreshFamily,
  findSignedInUserIds,
  revokeUserRefreshTokens,
} from './auth.repo';
import { findUserRowById, updateUser } from '../accounts/accounts.service';

export const accessTokenTtl = '15m';
const refreshTokenTtlMs = 30 * 24 * 60 * 60 * 1000;
/**
 * Two tabs refreshing with the same token at once are one user, not a thief: within this window
 * after a rotation, the rotated token still gets a pair of its session instead of ending it.
 */
export const refreshReuseGraceMs = 10_000;

export const sessionExpiredMessage = 'Your session has expired. Please sign in again.';

/** The answer that starts a session (login without challenge, verify-2fa, setup-2fa). */
export interface SessionGrant {
  success: true;
  requires2FA: false;
  requiresTwoFactor: false;
  token: string;
  refreshToken: string;
  user: SessionUser;
}

export const accountStatusMessages = {
  inactive: 'Your account is inactive. Please contact your administrator.',
  suspended: 'Your account has been suspended. Please contact your administrator.',
} as const;

/** Refuses an inactive or suspended account (403 ACCOUNT_INACTIVE) with a message per status. */
export function assertActive(user: Pick<UserRow, 'status'>): void {
  if (user.status !== 'active') {
    throw new AppError(403, 'ACCOUNT_INACTIVE', accountStatusMessages[user.status]);
  }
}

/**
 * Starts a session: an access token, a refresh token of a new family, lastLoginAt updated, and
 * the sign-in in the audit trail with the address it came from.
 */
export async function startSession(
  deps: AuthDeps,
  user: UserRow,
  origin: RequestOrigin,
): Promise<SessionGrant> {
  assertActive(user);
  const sessionId = randomUUID();
  const refreshToken = await deps.db.transaction(async (tx) => {
    const issued = await issueRefreshToken(tx, user.id, sessionId);
    await updateUser(tx, user.id, { lastLoginAt: new Date() });
    await auditSignedIn(tx, { userId: user.id, email: user.email, origin, sessionId });
    return issued;
  });
  return {
    success: true,
    requires2FA: false,
    requiresTwoFactor: false,
    token: signAccessToken(deps.config.jwtSecret, user.id, accessTokenTtl, sessionId),
    refreshToken,
    user: presentSessionUser(toAuthUser(user)),
  };
}

async function issueRefreshToken(
  db: DbExecutor,
  userId: string,
  familyId: string,
  id: string = randomUUID(),
  token: string = generateOpaqueToken(),
): Promise<string> {
  await insertRefreshToken(db, {
    id,
    userId,
    familyId,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(Date.now() + refreshTokenTtlMs),
  });
  return token;
}

/**
 * The refresh token that replaces `presented`, derived from it with a server key: every request
 * presenting the same token computes the same successor, so twin refreshes share one chain and
 * only the hash is ever stored.
 */
function successorOf(jwtSecret: string, presented: string): string {
  return createHmac('sha256', deriveKey(jwtSecret, 'refresh-successor'))
    .update(presented)
    .digest('base64url');
}

// A successor rotated again within the grace is followed this many steps at most.
const maxSuccessorHops = 5;

/**
 * For a token another request has already rotated: the successor it was given (or the live end
 * of that chain), if the rotation was moments ago in a session still live (two tabs refreshing at
 * once); undefined otherwise, which is reuse.
 */
async function successorOfJustRotated(
  db: DbExecutor,
  jwtSecret: string,
  presented: string,
  familyId: string,
): Promise<string | undefined> {
  // Read again: a concurrent rotation of this token may have just committed.
  const now = await findRefreshToken(db, hashOpaqueToken(presented));
  const justRotated =
    now?.replacedById &&
    now.revokedAt &&
    Date.now() - now.revokedAt.getTime() <= refreshReuseGraceMs &&
    (await isRefreshFamilyLive(db, familyId));
  if (!justRotated) return undefined;
  let candidate = successorOf(jwtSecret, presented);
  for (let hop = 0; hop < maxSuccessorHops; hop += 1) {
    const row = await findRefreshToken(db, hashOpaqueToken(candidate));
    if (!row || row.expiresAt <= new Date()) return undefined;
    if (!row.revokedAt) return candidate;
    if (!row.replacedById) return undefined;
    candidate = successorOf(jwtSecret, candidate);
  }
  return undefined;
}

type Rotation =
  | { outcome: 'rotated'; userId: string; sessionId: string; refreshToken: string }
  | {
      outcome: 'refused';
      ended: { userId: string; sessionId: string } | undefined;
      error: AppError;
    };

/**
 * Exchanges a refresh token for a new access token and a new refresh token of the same family.
 * A token that was already rotated or revoked is a sign of theft: its whole family is revoked,
 * unless it was rotated moments ago in a session still live (two tabs refreshing at once): then
 * it gets the successor already issued (the same refresh token), so the session stays one chain.
 */
export async function rotateRefreshToken(
  deps: AuthDeps,
  presented: string,
): Promise<{ success: true; token: string; refreshToken: string }> {
  const { jwtSecret } = deps.config;
  // The transaction returns its verdict instead of throwing, so a revocation is committed too.
  const rotation = await deps.db.transaction(async (tx): Promise<Rotation> => {
    const tokenHash = hashOpaqueToken(presented);
    const stored = await findRefreshToken(tx, tokenHash);
    if (!stored) {
      return {
        outcome: 'refused',
        ended: undefined,
        error: unauthenticated(sessionExpiredMessage),
      };
    }
    // Ended by the server for `reason` (audited), or just expired (not news to the trail).
    const refuseFamily = async (error: AppError, reason?: string): Promise<Rotation> => {
      await revokeRefreshFamily(tx, stored.familyId);
      if (reason) {
        await auditSessionEnded(tx, {
          action: 'session.revoked',
          userId: stored.userId,
          sessionId: stored.familyId,
          reason,
        });
      }
      return {
        outcome: 'refused',
        ended: { userId: stored.userId, sessionId: stored.familyId },
        error,
      };
    };
    if (stored.expiresAt <= new Date()) return refuseFamily(unauthenticated(sessionExpiredMessage));
    const nextId = randomUUID();
    const first = await markRefreshTokenReplaced(tx, stored.id, nextId);
    const successor = first
      ? successorOf(jwtSecret, presented)
      : await successorOfJustRotated(tx, jwtSecret, presented, stored.familyId);
    if (!successor) {
      return refuseFamily(unauthenticated(sessionExpiredMessage), 'refresh_token_reused');
    }
    const user = await findUserRowById(tx, stored.userId);
    if (!user || user.status !== 'active') {
      return refuseFamily(
        new AppError(401, 'ACCOUNT_INACTIVE', accountInactiveMessage),
        'account_inactive',
      );
    }
    if (!user.twoFactorEnabled) {
      return refuseFamily(
        new AppError(403, 'TWO_FACTOR_SETUP_REQUIRED', twoFactorSetupRequiredMessage),
        'two_factor_off',
      );
    }
    if (first) await issueRefreshToken(tx, user.id, stored.familyId, nextId, successor);
    return {
      outcome: 'rotated',
      userId: user.id,
      sessionId: stored.familyId,
      refreshToken: successor,
    };
  });
  if (rotation.outcome === 'refused') {
    if (rotation.ended) announceSessionsEnded(deps, rotation.ended);
    throw rotation.error;
  }
  return {
    success: true,
    token: signAccessToken(jwtSecret, rotation.userId, accessTokenTtl, rotation.sessionId),
    refreshToken: rotation.refreshToken,
  };
}

/**
 * Tells every API process that a session (`sessionId`), or every session of the user so far,
 * has ended: its sockets are closed at once and the cached copies dropped. Call after commit.
 */
export function announceSessionsEnded(
  deps: Pick<AuthDeps, 'events' | 'sessions' | 'accounts'>,
  ended: { userId: string; sessionId?: string },
): void {
  if (ended.sessionId) deps.sessions.forget(ended.sessionId);
  else deps.accounts.forget(ended.userId);
  deps.events.publish('sessionEnded', ended);
}

/**
 * Signs out the session of the given refresh token, else the session of the access token; an
 * access token of no session (signed elsewhere) signs out every session of its user. The
 * session's access tokens stop working at once.
 */
export async function endSession(
  deps: AuthDeps,
  presented: { refreshToken?: string; userId?: string; sessionId?: string },
): Promise<{ success: true; message: string }> {
  const stored = presented.refreshToken
    ? await findRefreshToken(deps.db, hashOpaqueToken(presented.refreshToken))
    : undefined;
  const sessionId = stored?.familyId ?? presented.sessionId;
  const userId = stored?.userId ?? presented.userId;
  await deps.db.transaction(async (tx) => {
    if (sessionId) await revokeRefreshFamily(tx, sessionId);
    else if (userId) await endUserSessions(tx, userId);
    if (userId) await auditSessionEnded(tx, { action: 'session.signed_out', userId, sessionId });
  });
  if (userId) announceSessionsEnded(deps, { userId, sessionId });
  return { success: true, message: 'Logged out successfully' };
}

/**
 * Whether sessions are still signed in, read from the refresh tokens and held for a moment
 * (every signed-in request asks). This process forgets a session as soon as it ends it; another
 * API process sees the end when its copy expires, within the cache's lifetime.
 */
export function createSessionSource(
  db: DbExecutor,
  cache: LRUCache<string, boolean>,
): SessionSource {
  return {
    async isLive(sessionId) {
      const held = cache.get(sessionId);
      if (held !== undefined) return held;
      const live = await isRefreshFamilyLive(db, sessionId);
      cache.set(sessionId, live);
      return live;
    },
    forget(sessionId) {
      cache.delete(sessionId);
    },
  };
}

/**
 * Ends every session of a user inside the caller's transaction (password reset, two-factor reset,
 * leaving the active state): refresh tokens are revoked, and access tokens issued until now, with
 * the sockets opened with them, are refused from now on. The instant comes from the clock that
 * signs the tokens.
 */
export async function endUserSessions(db: DbExecutor, userId: string): Promise<void> {
  await updateUser(db, userId, { sessionsValidAfter: new Date() });
  await revokeUserRefreshTokens(db, userId);
}

/** The accounts signed in at `now`: holding a refresh token neither revoked nor expired. */
export function signedInUserIds(db: DbExecutor, now: Date): Promise<string[]> {
  return findSignedInUserIds(db, now);
}
