import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { signAccessToken } from '../../http/access-token';
import { AppError, unauthenticated } from '../../http/app-error';
import { accountInactiveMessage, twoFactorSetupRequiredMessage } from '../../http/authenticate';
import { generateOpaqueToken, hashOpaqueToken } from '../../security/opaque-token';
import type { AuthDeps } from './auth-deps';
import { presentSessionUser, toAuthUser } from './auth.presenter';
import {
  findRefreshToken,
  findUserRowById,
  insertRefreshToken,
  markRefreshTokenReplaced,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
  updateUser,
} from './auth.repo';

export const accessTokenTtl = '15m';
const refreshTokenTtlMs = 30 * 24 * 60 * 60 * 1000;

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

/** Starts a session: an access token, a refresh token of a new family, and lastLoginAt updated. */
export async function startSession(deps: AuthDeps, user: UserRow): Promise<SessionGrant> {
  assertActive(user);
  const refreshToken = await issueRefreshToken(deps.db, user.id, randomUUID());
  await updateUser(deps.db, user.id, { lastLoginAt: new Date() });
  return {
    success: true,
    requires2FA: false,
    requiresTwoFactor: false,
    token: signAccessToken(deps.config.jwtSecret, user.id, accessTokenTtl),
    refreshToken,
    user: presentSessionUser(toAuthUser(user)),
  };
}

async function issueRefreshToken(
  db: DbExecutor,
  userId: string,
  familyId: string,
  id: string = randomUUID(),
): Promise<string> {
  const token = generateOpaqueToken();
  await insertRefreshToken(db, {
    id,
    userId,
    familyId,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(Date.now() + refreshTokenTtlMs),
  });
  return token;
}

type Rotation =
  | { outcome: 'rotated'; userId: string; refreshToken: string }
  | { outcome: 'refused'; error: AppError };

/**
 * Exchanges a refresh token for a new access token and a new refresh token of the same family.
 * A token that was already rotated or revoked is a sign of theft: its whole family is revoked.
 */
export async function rotateRefreshToken(
  deps: AuthDeps,
  presented: string,
): Promise<{ success: true; token: string; refreshToken: string }> {
  // The transaction returns its verdict instead of throwing, so a revocation is committed too.
  const rotation = await deps.db.transaction(async (tx): Promise<Rotation> => {
    const stored = await findRefreshToken(tx, hashOpaqueToken(presented));
    if (!stored) return { outcome: 'refused', error: unauthenticated(sessionExpiredMessage) };
    const refuseFamily = async (error: AppError): Promise<Rotation> => {
      await revokeRefreshFamily(tx, stored.familyId);
      return { outcome: 'refused', error };
    };
    if (stored.expiresAt <= new Date()) return refuseFamily(unauthenticated(sessionExpiredMessage));
    const nextId = randomUUID();
    if (!(await markRefreshTokenReplaced(tx, stored.id, nextId))) {
      return refuseFamily(unauthenticated(sessionExpiredMessage));
    }
    const user = await findUserRowById(tx, stored.userId);
    if (!user || user.status !== 'active') {
      return refuseFamily(new AppError(401, 'ACCOUNT_INACTIVE', accountInactiveMessage));
    }
    if (!user.twoFactorEnabled) {
      return refuseFamily(
        new AppError(403, 'TWO_FACTOR_SETUP_REQUIRED', twoFactorSetupRequiredMessage),
      );
    }
    const refreshToken = await issueRefreshToken(tx, user.id, stored.familyId, nextId);
    return { outcome: 'rotated', userId: user.id, refreshToken };
  });
  if (rotation.outcome === 'refused') throw rotation.error;
  return {
    success: true,
    token: signAccessToken(deps.config.jwtSecret, rotation.userId, accessTokenTtl),
    refreshToken: rotation.refreshToken,
  };
}

/**
 * Signs out: revokes the family of the given refresh token, or every session of the signed-in
 * user when only an access token is presented.
 */
export async function endSession(
  deps: AuthDeps,
  presented: { refreshToken?: string; userId?: string },
): Promise<{ success: true; message: string }> {
  if (presented.refreshToken) {
    const stored = await findRefreshToken(deps.db, hashOpaqueToken(presented.refreshToken));
    if (stored) await revokeRefreshFamily(deps.db, stored.familyId);
  } else if (presented.userId) {
    await revokeUserRefreshTokens(deps.db, presented.userId);
  }
  return { success: true, message: 'Logged out successfully' };
}

/**
 * Ends every session of a user inside the caller's transaction (password reset, two-factor reset,
 * leaving the active state): refresh tokens are revoked, and access tokens issued until now, with
 * the sockets opened with them, are refused from now on.
 */
export { endUserSessions } from './auth.repo';
