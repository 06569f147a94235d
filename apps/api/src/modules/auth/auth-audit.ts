import { normaliseEmail } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { RequestOrigin } from '../../http/request-origin';
import { recordAudit } from '../audit/audit.service';

/** Why a sign-in step was refused, as the trail records it. */
export type SignInFailure =
  'unknown_account' | 'wrong_password' | 'wrong_code' | 'account_inactive';

/** One sign-in step as the trail records it: the account if known, the email typed, its origin. */
export interface SignInAttempt {
  /** The account of the email; null when no account has it. */
  userId: string | null;
  email: string;
  origin: RequestOrigin;
}

/**
 * A session started (the last sign-in step passed): `session.signed_in` by the account itself,
 * with the address it signed in from.
 */
export function auditSignedIn(
  db: DbExecutor,
  attempt: SignInAttempt & { userId: string; sessionId: string },
): Promise<void> {
  return recordAudit(db, {
    actorId: attempt.userId,
    action: 'session.signed_in',
    entityType: 'session',
    entityId: attempt.userId,
    requestId: attempt.origin.requestId,
    before: null,
    after: {
      email: normaliseEmail(attempt.email),
      address: attempt.origin.address,
      sessionId: attempt.sessionId,
    },
  });
}

/**
 * A refused sign-in step: `session.sign_in_failed` with no actor (nobody proved who they are),
 * about the account of the email, or about the email itself when no account has it. Never the
 * password or the code typed.
 */
export function auditSignInFailed(
  db: DbExecutor,
  attempt: SignInAttempt & { reason: SignInFailure },
): Promise<void> {
  const email = normaliseEmail(attempt.email);
  return recordAudit(db, {
    actorId: null,
    action: 'session.sign_in_failed',
    entityType: 'session',
    entityId: attempt.userId ?? email,
    requestId: attempt.origin.requestId,
    before: null,
    after: { email, address: attempt.origin.address, reason: attempt.reason },
  });
}

/**
 * A session ended other than by expiry: `session.signed_out` by its user, or `session.revoked`
 * when the server ended it (a refresh token used twice, the account gone inactive).
 */
export function auditSessionEnded(
  db: DbExecutor,
  ended: {
    action: 'session.signed_out' | 'session.revoked';
    userId: string;
    /** The session, or none when every session of the account ended. */
    sessionId?: string;
    reason?: string;
  },
): Promise<void> {
  return recordAudit(db, {
    actorId: ended.action === 'session.signed_out' ? ended.userId : null,
    action: ended.action,
    entityType: 'session',
    entityId: ended.userId,
    before: { state: 'live' },
    after: {
      sessionId: ended.sessionId ?? 'all',
      state: 'ended',
      ...(ended.reason ? { reason: ended.reason } : {}),
    },
  });
}

/**
 * A change of an account's credentials by the account itself or by a token it was mailed
 * (password reset link, emergency recovery, first two-factor setup): recorded with the account
 * as actor and the address it came from.
 */
export function auditOwnCredentials(
  db: DbExecutor,
  change: {
    action: 'user.password_reset' | 'user.emergency_recovered' | 'user.two_factor_enabled';
    userId: string;
    origin: RequestOrigin;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
): Promise<void> {
  return recordAudit(db, {
    actorId: change.userId,
    action: change.action,
    entityType: 'user',
    entityId: change.userId,
    requestId: change.origin.requestId,
    before: change.before,
    after: { ...change.after, address: change.origin.address },
  });
}
