import {
  ownAccountMessages,
  type BackupCodesStatusResponse,
  type ChangePasswordBody,
  type RegenerateBackupCodesResponse,
} from '@patrol/contracts';
import { AppError, tooMany } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordAudit } from '../audit/audit.service';
import { codeAttempts, type AuthDeps } from './auth-deps';
import { countBackupCodes, replaceBackupCodes } from './auth.repo';
import { findUserRowById, updateUser } from '../accounts/accounts.service';
import { generateBackupCodes } from './backup-codes';
import { announceSessionsEnded, endUserSessions } from './session.service';
import { verifySecondFactor } from './two-factor.service';

const wrongPasswordOrCode = () =>
  new AppError(400, 'INVALID_CREDENTIALS', ownAccountMessages.wrongPasswordOrCode);

/**
 * POST /api/auth/change-password: the current password and a fresh code (authenticator or backup)
 * prove it is the owner at the keyboard; then every session ends, this one too, so the new
 * password is what opens the console from here on. Tries count against the sign-in code limit
 * (5 in 15 minutes), so a stolen session cannot guess the password.
 */
export async function changeOwnPassword(
  deps: AuthDeps,
  actor: AuthUser,
  body: ChangePasswordBody,
): Promise<{ success: true; message: string }> {
  const user = await findUserRowById(deps.db, actor.id);
  if (!user) throw wrongPasswordOrCode();
  if (!(await deps.limits.signInCodes.consume(codeAttempts(user.email)))) throw tooMany();
  const passwordRight = await deps.passwords.verify(body.currentPassword, user.passwordHash);
  // Both secrets are checked before either is judged, and the try counts against the code limit.
  if (!passwordRight || !(await verifySecondFactor(deps, user, body.code))) {
    throw wrongPasswordOrCode();
  }
  const passwordHash = await deps.passwords.hash(body.newPassword);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await endUserSessions(tx, user.id);
    await recordAudit(tx, {
      actorId: user.id,
      requestId: actor.requestId,
      action: 'user.password_changed',
      entityType: 'user',
      entityId: user.id,
      before: { passwordChanged: false },
      after: { passwordChanged: true },
    });
  });
  announceSessionsEnded(deps, { userId: user.id });
  await deps.limits.signInCodes.reset(codeAttempts(user.email));
  return { success: true, message: ownAccountMessages.passwordChanged };
}

/** GET /api/auth/backup-codes: how many of one's backup codes are left. */
export async function ownBackupCodes(
  deps: Pick<AuthDeps, 'db'>,
  actor: AuthUser,
): Promise<BackupCodesStatusResponse> {
  return { success: true, ...(await countBackupCodes(deps.db, actor.id)) };
}

/** POST /api/auth/backup-codes: after an authenticator code, a fresh set replaces the old one. */
export async function regenerateOwnBackupCodes(
  deps: AuthDeps,
  actor: AuthUser,
  code: string,
): Promise<RegenerateBackupCodesResponse> {
  const user = await findUserRowById(deps.db, actor.id);
  if (!user) throw wrongPasswordOrCode();
  if (!(await deps.limits.signInCodes.consume(codeAttempts(user.email)))) throw tooMany();
  if (!(await verifySecondFactor(deps, user, code))) {
    throw new AppError(400, 'INVALID_2FA_CODE', ownAccountMessages.wrongPasswordOrCode);
  }
  const backupCodes = generateBackupCodes();
  await deps.db.transaction(async (tx) => {
    await replaceBackupCodes(tx, user.id, backupCodes.map(deps.secrets.hashBackupCode));
    await recordAudit(tx, {
      actorId: user.id,
      requestId: actor.requestId,
      action: 'user.backup_codes_regenerated',
      entityType: 'user',
      entityId: user.id,
      before: { backupCodesRegenerated: false },
      after: { backupCodesRegenerated: true },
    });
  });
  await deps.limits.signInCodes.reset(codeAttempts(user.email));
  return { success: true, message: ownAccountMessages.codesRegenerated, backupCodes };
}
