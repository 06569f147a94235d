import type { Permission } from '@patrol/contracts';
import type { Request, RequestHandler } from 'express';
import { issuedBeforeSessionsValidAfter } from './access-token';
import type { AppContext } from './app-context';
import { AppError, unauthenticated } from './app-error';

/** The signed-in user as handlers and permission guards see it. */
export interface AuthUser {
  id: string;
  username: string;
  email: string;
  fullName: string;
  role: string;
  status: 'active' | 'inactive' | 'suspended';
  permissions: Permission[];
  /** Per-user overrides of the role's list (spec 1 section 5). */
  customPermissions: { granted: Permission[]; denied: Permission[] };
  /**
   * The x-request-id of the changing request the user acts in (set by the route layer for every
   * method but GET), so the audit trail can name the request of a change.
   */
  requestId?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `authenticate` on every route that is not public. */
    user?: AuthUser;
  }
}

export const accountInactiveMessage =
  'Your account is not active. Please contact your administrator.';
export const twoFactorSetupRequiredMessage =
  'Two-factor authentication setup is required before you can continue.';

/** The account behind an access token, with what decides whether the token still counts. */
export interface TokenAccount extends AuthUser {
  twoFactorEnabled: boolean;
  /** Tokens issued before this instant were ended (password reset, 2FA reset, suspension). */
  sessionsValidAfter: Date | null;
}

/** The port through which authentication reads accounts; the auth module implements it. */
export interface AccountSource {
  /** The account, from a copy a few seconds old at most unless `fresh` asks for the table. */
  findAccount(userId: string, options?: { fresh?: boolean }): Promise<TokenAccount | undefined>;
  /** Drops what is held about the account, after a change to its status, role or sessions. */
  forget(userId: string): void;
}

/** The port through which authentication asks whether a session is still signed in. */
export interface SessionSource {
  /** From a copy a second or two old at most; false once the session was signed out or revoked. */
  isLive(sessionId: string): Promise<boolean>;
  /** Drops what is held about a session this process has just ended. */
  forget(sessionId: string): void;
}

/** A request's or socket's verified access token and the user behind it. */
export interface AuthenticatedToken {
  user: AuthUser;
  /** The token's `iat` (seconds), kept so a long-lived socket can be re-checked against it. */
  issuedAt: number;
  /** The token's session, kept for the same re-check. */
  sessionId?: string;
}

/**
 * Resolves an access token to an active user who has completed two-factor setup.
 * Throws 401 UNAUTHENTICATED (also for a token whose session was signed out, or one issued before the user's sessions were ended by a
 * password reset, a two-factor reset or a status change), 401 ACCOUNT_INACTIVE or
 * 403 TWO_FACTOR_SETUP_REQUIRED. Shared by the HTTP middleware and the socket handshake.
 */
export async function authenticateToken(
  ctx: Pick<AppContext, 'accessTokens' | 'accounts' | 'sessions'>,
  token: string | undefined,
): Promise<AuthenticatedToken> {
  const claims = token ? ctx.accessTokens.verify(token) : undefined;
  if (!claims) throw unauthenticated();
  // Signing out (or a revoked session) ends its access tokens at once, not when they expire.
  if (claims.sessionId && !(await ctx.sessions.isLive(claims.sessionId))) {
    throw unauthenticated();
  }
  const account = await ctx.accounts.findAccount(claims.userId);
  if (!account || account.status !== 'active') {
    throw new AppError(401, 'ACCOUNT_INACTIVE', accountInactiveMessage);
  }
  if (issuedBeforeSessionsValidAfter(claims.issuedAt, account.sessionsValidAfter)) {
    throw unauthenticated();
  }
  if (!account.twoFactorEnabled) {
    throw new AppError(403, 'TWO_FACTOR_SETUP_REQUIRED', twoFactorSetupRequiredMessage);
  }
  const { twoFactorEnabled: _twoFactor, sessionsValidAfter: _validAfter, ...user } = account;
  return { user, issuedAt: claims.issuedAt, sessionId: claims.sessionId };
}

/** Middleware: requires `Authorization: Bearer <access token>` and sets `req.user`. */
export function authenticate(
  ctx: Pick<AppContext, 'accessTokens' | 'accounts' | 'sessions'>,
): RequestHandler {
  return async (req, _res, next) => {
    req.user = (await authenticateToken(ctx, bearerToken(req))).user;
    next();
  };
}

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}
