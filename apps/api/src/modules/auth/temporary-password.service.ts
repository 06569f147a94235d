import {
  temporaryPasswordMessages,
  type CompletePasswordChangeBody,
  type CompletePasswordChangeResponse,
} from '@patrol/contracts';
import { AppError, invalid, tooMany } from '../../http/app-error';
import type { RequestOrigin } from '../../http/request-origin';
import { recordAudit } from '../audit/audit.service';
import type { DbExecutor } from '../../db/client';
import { passwordAttempts, type AuthDeps } from './auth-deps';
import { findUserRowById, updateUser } from '../accounts/accounts.service';
import { signInMessages, twoFactorStep } from './auth.service';
import { assertActive, endUserSessions } from './session.service';
import { verifyStepToken } from './sign-in-step-token';

/**
 * Gives an account a temporary password (already hashed) that its next sign-in must replace, and
 * ends its sessions; in the caller's transaction.
 */
export async function assignTemporaryPassword(
  tx: DbExecutor,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await updateUser(tx, userId, { passwordHash, mustChangePassword: true });
  await endUserSessions(tx, userId);
}

/** A password set by an administrator ends the account's sign-in slow-down, as a reset does. */
export async function endSignInBackOffOf(
  deps: Pick<AuthDeps, 'limits'>,
  email: string,
): Promise<void> {
  await deps.limits.signInAccount.reset(passwordAttempts(email));
}

/**
 * POST /api/auth/complete-password-change: the step after a temporary password. The new password
 * replaces it (and must differ from it), then sign-in goes on to the second factor as usual, so
 * the temporary password alone never opens a session.
 */
export async function completePasswordChange(
  deps: AuthDeps,
  body: CompletePasswordChangeBody,
  origin: RequestOrigin,
): Promise<CompletePasswordChangeResponse> {
  const expired = new AppError(401, 'TOKEN_EXPIRED', signInMessages.challengeExpired);
  const userId = verifyStepToken(
    deps.config.jwtSecret,
    body.passwordChangeToken,
    'password_change',
  );
  if (!userId) throw expired;
  if (!(await deps.limits.passwordSetting.consume(origin.address))) throw tooMany();
  const user = await findUserRowById(deps.db, userId);
  // Once replaced, the token of that temporary password is spent.
  if (!user?.mustChangePassword) throw expired;
  assertActive(user);
  if (await deps.passwords.verify(body.newPassword, user.passwordHash)) {
    throw invalid(temporaryPasswordMessages.samePassword, {
      newPassword: temporaryPasswordMessages.samePassword,
    });
  }
  const passwordHash = await deps.passwords.hash(body.newPassword);
  const replaced = await deps.db.transaction(async (tx) => {
    const current = await findUserRowById(tx, user.id);
    // Another tab may have replaced it meanwhile, or the superadmin set a newer one.
    if (!current?.mustChangePassword || current.passwordHash !== user.passwordHash) return false;
    await updateUser(tx, user.id, { passwordHash, mustChangePassword: false });
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.temporary_password_replaced',
      entityType: 'user',
      entityId: user.id,
      requestId: origin.requestId,
      before: { mustChangePassword: true },
      after: { mustChangePassword: false },
    });
    return true;
  });
  if (!replaced) throw expired;
  deps.accounts.forget(user.id);
  return twoFactorStep(deps, { ...user, passwordHash, mustChangePassword: false });
}
