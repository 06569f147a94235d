import type { AppContext } from '../../http/app-context';
import { conflict, forbidden, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordAudit } from '../audit/audit.service';
import { mailPasswordResetLink } from '../auth/recovery.service';
import { endUserSessions } from '../auth/session.service';
import { assignTemporaryPassword, endSignInBackOffOf } from '../auth/temporary-password.service';
import { clearTwoFactor } from '../auth/two-factor.service';
import { findUserRowForUpdate } from '../accounts/accounts.service';

export const accountRecoveryMessages = {
  notFound: 'User not found',
  superadminOnly: "Only a superadmin can reset another user's password or two-factor.",
  ownAccount: 'Use your own profile to change your password or two-factor authentication.',
  inactive: 'This account is not active: activate it before resetting its password.',
  resetSent: (email: string) =>
    `A password reset link was sent to ${email}. The user has been signed out everywhere.`,
  temporaryPasswordSet: (name: string) =>
    `Temporary password set. Give it to ${name} in person or by phone: it must be changed at the next sign-in. ${name} has been signed out everywhere.`,
  twoFactorReset: (name: string) =>
    `Two-factor authentication was reset. ${name} sets it up again at the next sign-in.`,
} as const;

type RecoveryDeps = Pick<
  AppContext,
  'db' | 'config' | 'mailer' | 'logger' | 'accounts' | 'events' | 'passwords' | 'limits'
>;

/** The account a superadmin acts on: never their own (that is the profile's job). */
async function lockTarget(deps: RecoveryDeps, actor: AuthUser, id: string) {
  if (id === actor.id) throw forbidden(accountRecoveryMessages.ownAccount);
  const target = await findUserRowForUpdate(deps.db, id);
  if (!target) throw notFound(accountRecoveryMessages.notFound);
  return target;
}

/**
 * POST /api/users/{id}/password-reset: mails the user a reset link (the self-service mail, naming
 * the administrator), ends their sessions and records it in the audit trail.
 */
export async function sendPasswordReset(deps: RecoveryDeps, actor: AuthUser, id: string) {
  const target = await deps.db.transaction(async (tx) => {
    const user = await lockTarget({ ...deps, db: tx }, actor, id);
    if (user.status !== 'active') throw conflict(accountRecoveryMessages.inactive);
    await endUserSessions(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'user.password_reset_sent',
      entityType: 'user',
      entityId: id,
      before: { passwordResetRequested: false },
      after: { passwordResetRequested: true },
    });
    return user;
  });
  deps.accounts.forget(id);
  deps.events.publish('accountChanged', { userId: id });
  await mailPasswordResetLink(deps, target, actor.fullName || actor.username);
  return { success: true as const, message: accountRecoveryMessages.resetSent(target.email) };
}

/**
 * POST /api/users/{id}/temporary-password: sets a password the superadmin passes on; the user must
 * replace it at the next sign-in (before the second factor). Ends their sessions and the sign-in
 * slow-down of the account; audited without the password.
 */
export async function setTemporaryPassword(
  deps: RecoveryDeps,
  actor: AuthUser,
  id: string,
  password: string,
) {
  const passwordHash = await deps.passwords.hash(password);
  const target = await deps.db.transaction(async (tx) => {
    const user = await lockTarget({ ...deps, db: tx }, actor, id);
    if (user.status !== 'active') throw conflict(accountRecoveryMessages.inactive);
    await assignTemporaryPassword(tx, id, passwordHash);
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'user.temporary_password_set',
      entityType: 'user',
      entityId: id,
      before: { mustChangePassword: user.mustChangePassword },
      after: { mustChangePassword: true },
    });
    return user;
  });
  deps.accounts.forget(id);
  deps.events.publish('accountChanged', { userId: id });
  await endSignInBackOffOf(deps, target.email);
  return {
    success: true as const,
    message: accountRecoveryMessages.temporaryPasswordSet(target.fullName || target.username),
  };
}

/**
 * POST /api/users/{id}/reset-2fa: turns the user's two-factor off (secret, backup codes and
 * sessions gone), so their next sign-in sets it up again; audited.
 */
export async function resetUserTwoFactor(deps: RecoveryDeps, actor: AuthUser, id: string) {
  const target = await deps.db.transaction(async (tx) => {
    const user = await lockTarget({ ...deps, db: tx }, actor, id);
    await clearTwoFactor(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'user.two_factor_reset',
      entityType: 'user',
      entityId: id,
      before: { twoFactorEnabled: user.twoFactorEnabled },
      after: { twoFactorEnabled: false, twoFactorReset: true },
    });
    return user;
  });
  deps.accounts.forget(id);
  deps.events.publish('accountChanged', { userId: id });
  return {
    success: true as const,
    message: accountRecoveryMessages.twoFactorReset(target.fullName || target.username),
  };
}
