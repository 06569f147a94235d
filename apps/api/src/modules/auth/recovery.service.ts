import {
  appInfo,
  authMessages,
  type EmergencyRecoveryExecuteBody,
  type SetPasswordBody,
} from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import type { RequestOrigin } from '../../http/request-origin';
import { invalid, tooMany } from '../../http/app-error';
import type { MailMessage } from '../../mail/mailer';
import { generateOpaqueToken, hashOpaqueToken } from '../../security/opaque-token';
import { auditOwnCredentials } from './auth-audit';
import { passwordAttempts, type AuthDeps } from './auth-deps';
import {
  consumeOneTimeToken,
  findOneTimeToken,
  insertOneTimeToken,
  retireOneTimeTokens,
  type OneTimeTokenPurpose,
} from './auth.repo';
import { findUserByEmail, findUserRowById, updateUser } from '../accounts/accounts.service';
import { announceSessionsEnded, endUserSessions } from './session.service';
import { clearTwoFactor } from './two-factor.service';

const recoveryTokenTtlMinutes = 30;

/** Roles allowed to recover two-factor by email; others ask an administrator instead. */
const emergencyRecoveryRoles = new Set(['superadmin', 'Admin']);

export const recoveryMessages = {
  resetRequested: authMessages.resetRequested,
  passwordReset: 'Your password has been reset. You can now sign in with your new password.',
  emergencyRequested:
    'If the account exists and belongs to an administrator, emergency recovery instructions have been sent to its email.',
  emergencyCompleted:
    'Emergency recovery complete. Sign in with your new password to set up two-factor authentication again.',
} as const;

const tokenMessages: Record<
  'password_reset' | 'emergency_recovery',
  { invalid: string; used: string; expired: string }
> = {
  password_reset: {
    invalid: 'This password reset link is invalid. Please request a new one.',
    used: 'This password reset link has already been used. Please request a new one.',
    expired: 'This password reset link has expired. Please request a new one.',
  },
  emergency_recovery: {
    invalid: 'This emergency recovery token is invalid. Please request a new one.',
    used: 'This emergency recovery token has already been used. Please request a new one.',
    expired: 'This emergency recovery token has expired. Please request a new one.',
  },
};

/**
 * Mails a single-use reset link (30 minutes) when an active account has this email. The answer
 * is the same either way, and the mail is sent after answering, so neither the message nor the
 * response time tells whether the account exists.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
  address: string,
): Promise<{ success: true; message: string }> {
  if (!(await deps.limits.recoveryRequests.consume(address))) throw tooMany();
  const user = await findUserByEmail(deps.db, email);
  if (user?.status === 'active') await mailPasswordResetLink(deps, user);
  return { success: true, message: recoveryMessages.resetRequested };
}

/** Issues a single-use reset link (30 minutes) and mails it to the account, after answering. */
export async function mailPasswordResetLink(
  deps: Pick<AuthDeps, 'db' | 'config' | 'mailer' | 'logger'>,
  user: { id: string; email: string; fullName: string },
  requestedBy?: string,
): Promise<void> {
  const token = await issueRecoveryToken(deps.db, user.id, 'password_reset');
  const link = `${deps.config.appUrl}/recovery?token=${encodeURIComponent(token)}`;
  deliverInBackground(deps, {
    to: user.email,
    subject: `Reset your ${appInfo.productName} password`,
    text: [
      `Hello ${user.fullName},`,
      '',
      requestedBy
        ? `${requestedBy}, an administrator, asked for a password reset of your account. Open this link to choose a new password:`
        : 'Someone (hopefully you) asked to reset the password of your account. Open this link to choose a new password:',
      '',
      link,
      '',
      `The link works once and expires in ${recoveryTokenTtlMinutes} minutes. If you did not ask for this, ignore this message; your password stays unchanged.`,
    ].join('\n'),
  });
}

/** Consumes a reset link: sets the new password and signs the account out everywhere. */
export async function setPasswordWithToken(
  deps: AuthDeps,
  body: SetPasswordBody,
  origin: RequestOrigin,
): Promise<{ success: true; message: string }> {
  await checkBeforeHashing(deps, 'password_reset', body.token, origin.address);
  const passwordHash = await deps.passwords.hash(body.password);
  const userId = await deps.db.transaction(async (tx) => {
    const owner = await redeemRecoveryToken(tx, 'password_reset', body.token);
    await updateUser(tx, owner, { passwordHash, mustChangePassword: false });
    await endUserSessions(tx, owner);
    await auditOwnCredentials(tx, {
      action: 'user.password_reset',
      userId: owner,
      origin,
      before: {},
      after: { passwordSetWith: 'reset link', sessions: 'ended' },
    });
    return owner;
  });
  announceSessionsEnded(deps, { userId });
  await endSignInBackOff(deps, userId);
  return { success: true, message: recoveryMessages.passwordReset };
}

/**
 * For an administrator who lost the authenticator: mails a single-use recovery token
 * (30 minutes). Outside production the token is also in the answer, for local setups without
 * mail; the message is the same whether or not the account qualifies.
 */
export async function requestEmergencyRecovery(
  deps: AuthDeps,
  email: string,
  address: string,
): Promise<{ success: true; message: string; emergencyToken?: string }> {
  if (!(await deps.limits.recoveryRequests.consume(address))) throw tooMany();
  const user = await findUserByEmail(deps.db, email);
  const answer = { success: true as const, message: recoveryMessages.emergencyRequested };
  if (!user || user.status !== 'active' || !emergencyRecoveryRoles.has(user.role)) return answer;

  const token = await issueRecoveryToken(deps.db, user.id, 'emergency_recovery');
  deliverInBackground(deps, {
    to: user.email,
    subject: `${appInfo.productName} emergency recovery`,
    text: [
      `Hello ${user.fullName},`,
      '',
      'An emergency recovery of your two-factor authentication was requested. On the recovery page, choose Emergency Recovery and enter this token with a new password:',
      '',
      token,
      '',
      `The token works once and expires in ${recoveryTokenTtlMinutes} minutes. Using it sets a new password and turns two-factor authentication off until you set it up again at your next sign-in.`,
      'If you did not ask for this, ignore this message and tell your administrator.',
    ].join('\n'),
  });
  return deps.config.nodeEnv === 'production' ? answer : { ...answer, emergencyToken: token };
}

/** Consumes a recovery token: new password, two-factor cleared, every session revoked. */
export async function executeEmergencyRecovery(
  deps: AuthDeps,
  body: EmergencyRecoveryExecuteBody,
  origin: RequestOrigin,
): Promise<{ success: true; message: string }> {
  await checkBeforeHashing(deps, 'emergency_recovery', body.token, origin.address);
  const passwordHash = await deps.passwords.hash(body.newPassword);
  const userId = await deps.db.transaction(async (tx) => {
    const owner = await redeemRecoveryToken(tx, 'emergency_recovery', body.token);
    await updateUser(tx, owner, { passwordHash, mustChangePassword: false });
    await clearTwoFactor(tx, owner);
    await auditOwnCredentials(tx, {
      action: 'user.emergency_recovered',
      userId: owner,
      origin,
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false, passwordSetWith: 'emergency token', sessions: 'ended' },
    });
    return owner;
  });
  announceSessionsEnded(deps, { userId });
  await endSignInBackOff(deps, userId);
  return { success: true, message: recoveryMessages.emergencyCompleted };
}

/**
 * The cheap refusals before the expensive hashing: the per-address limit on setting passwords,
 * then the token itself (unknown, used or expired), which redeeming checks again atomically.
 */
async function checkBeforeHashing(
  deps: AuthDeps,
  purpose: 'password_reset' | 'emergency_recovery',
  token: string,
  address: string,
): Promise<void> {
  if (!(await deps.limits.passwordSetting.consume(address))) throw tooMany();
  await usableRecoveryToken(deps.db, purpose, token);
}

/** A completed reset proves the owner: the account's sign-in back-off ends. */
async function endSignInBackOff(deps: AuthDeps, userId: string): Promise<void> {
  const user = await findUserRowById(deps.db, userId);
  if (user) await deps.limits.signInAccount.reset(passwordAttempts(user.email));
}

async function issueRecoveryToken(
  db: DbExecutor,
  userId: string,
  purpose: OneTimeTokenPurpose,
): Promise<string> {
  const token = generateOpaqueToken();
  // Only the newest link works: an older mail lying in an inbox is a liability.
  await retireOneTimeTokens(db, userId, purpose);
  await insertOneTimeToken(db, {
    userId,
    purpose,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(Date.now() + recoveryTokenTtlMinutes * 60 * 1000),
  });
  return token;
}

/** A recovery token that can still be used; 400 naming why when it cannot. */
async function usableRecoveryToken(
  db: DbExecutor,
  purpose: 'password_reset' | 'emergency_recovery',
  token: string,
) {
  const messages = tokenMessages[purpose];
  const stored = await findOneTimeToken(db, purpose, hashOpaqueToken(token));
  if (!stored) throw refuseToken(messages.invalid);
  if (stored.usedAt) throw refuseToken(messages.used);
  if (stored.expiresAt <= new Date()) throw refuseToken(messages.expired);
  return stored;
}

function refuseToken(message: string) {
  return invalid(message, { token: message });
}

/** Marks a recovery token used and answers its user; 400 naming why when it cannot be used. */
async function redeemRecoveryToken(
  db: DbExecutor,
  purpose: 'password_reset' | 'emergency_recovery',
  token: string,
): Promise<string> {
  const stored = await usableRecoveryToken(db, purpose, token);
  // Conditional: of two concurrent requests with the same token, only one gets through.
  if (!(await consumeOneTimeToken(db, stored.id))) {
    throw refuseToken(tokenMessages[purpose].used);
  }
  return stored.userId;
}

function deliverInBackground(
  deps: Pick<AuthDeps, 'mailer' | 'logger'>,
  message: MailMessage,
): void {
  deps.mailer.send(message).catch((error: unknown) => {
    deps.logger.error({ err: error, subject: message.subject }, 'Recovery mail could not be sent');
  });
}
