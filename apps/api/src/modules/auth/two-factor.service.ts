import QRCode from 'qrcode';
import type { DbExecutor } from '../../db/client';
import type { RequestOrigin } from '../../http/request-origin';
import type { UserRow } from '../../db/schema';
import { AppError, tooMany } from '../../http/app-error';
import { generateOpaqueToken, hashOpaqueToken } from '../../security/opaque-token';
import { auditOwnCredentials } from './auth-audit';
import { codeAttempts, type AuthDeps } from './auth-deps';
import { generateBackupCodes, isBackupCodeShape } from './backup-codes';
import {
  consumeBackupCode,
  consumeOneTimeToken,
  deleteBackupCodes,
  findOneTimeToken,
  insertOneTimeToken,
  replaceBackupCodes,
  retireOneTimeTokens,
} from './auth.repo';
import { advanceTotpStep, findUserRowById, updateUser } from '../accounts/accounts.service';
import { endUserSessions } from './session.service';
import { checkTotp, generateTotpSecret, totpUri } from './totp';
import { assertActive, startSession, type SessionGrant } from './session.service';

const setupTokenTtlMs = 30 * 60 * 1000;

export const setupMessages = {
  started:
    'Scan the QR code with your authenticator app, keep the backup codes somewhere safe, then enter the 6-digit code to finish setup.',
  invalidCode: 'Invalid verification code. Please check your authenticator app and try again.',
  sessionExpired: 'Setup session expired. Please refresh and start over.',
} as const;

/** The QR code, manual key, backup codes and token of a two-factor setup (spec 1 section 3). */
export interface TwoFactorSetup {
  message: string;
  setupToken: string;
  qrCodeDataURL: string;
  twoFASecret: string;
  backupCodes: string[];
}

/**
 * Starts (or restarts) two-factor setup: a new secret, sealed at rest, and new backup codes.
 * Two-factor stays off until `completeTwoFactorSetup` sees a first valid code, so an abandoned
 * setup never locks anyone out. Any earlier setup token of the user stops working.
 */
export async function beginTwoFactorSetup(
  deps: AuthDeps,
  db: DbExecutor,
  user: Pick<UserRow, 'id' | 'email'>,
): Promise<TwoFactorSetup> {
  const secret = generateTotpSecret();
  const backupCodes = generateBackupCodes();
  const setupToken = generateOpaqueToken();
  await updateUser(db, user.id, {
    twoFactorEnabled: false,
    twoFactorSecret: deps.secrets.totp.seal(secret),
    lastTotpStep: null,
  });
  await replaceBackupCodes(db, user.id, backupCodes.map(deps.secrets.hashBackupCode));
  await retireOneTimeTokens(db, user.id, 'setup_2fa');
  await insertOneTimeToken(db, {
    userId: user.id,
    purpose: 'setup_2fa',
    tokenHash: hashOpaqueToken(setupToken),
    expiresAt: new Date(Date.now() + setupTokenTtlMs),
  });
  // Runs inside the caller's transaction; forgetting early only costs one extra read.
  deps.accounts.forget(user.id);
  return {
    message: setupMessages.started,
    setupToken,
    qrCodeDataURL: await QRCode.toDataURL(totpUri(user.email, secret)),
    twoFASecret: secret,
    backupCodes,
  };
}

/**
 * Verifies the first code of a setup; only then is two-factor switched on (audited, with the
 * address) and a session started.
 */
export async function completeTwoFactorSetup(
  deps: AuthDeps,
  setupToken: string,
  code: string,
  origin: RequestOrigin,
): Promise<SessionGrant> {
  const expired = new AppError(401, 'TOKEN_EXPIRED', setupMessages.sessionExpired);
  const token = await findOneTimeToken(deps.db, 'setup_2fa', hashOpaqueToken(setupToken));
  if (!token || token.usedAt || token.expiresAt <= new Date()) throw expired;
  const user = await findUserRowById(deps.db, token.userId);
  // A temporary password set since this setup began must be replaced first.
  if (!user?.twoFactorSecret || user.mustChangePassword) throw expired;
  assertActive(user);
  // Counted before the check, like sign-in codes, so parallel guesses cannot outrun the limit.
  if (!(await deps.limits.signInCodes.consume(codeAttempts(user.email)))) throw tooMany();

  const check = await checkTotp(
    deps.secrets.totp.open(user.twoFactorSecret),
    code,
    user.lastTotpStep,
  );
  if (!check.valid) {
    throw new AppError(400, 'INVALID_2FA_CODE', setupMessages.invalidCode);
  }
  const activated = await deps.db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, token.id))) return false;
    await updateUser(tx, user.id, { twoFactorEnabled: true, lastTotpStep: check.step });
    await auditOwnCredentials(tx, {
      action: 'user.two_factor_enabled',
      userId: user.id,
      origin,
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true },
    });
    return true;
  });
  if (!activated) throw expired;
  deps.accounts.forget(user.id);
  await deps.limits.signInCodes.reset(codeAttempts(user.email));
  return startSession(deps, { ...user, twoFactorEnabled: true }, origin);
}

/**
 * Checks the second factor of a sign-in: a 6-digit TOTP code (one step of drift, each step
 * accepted once) or an 8-digit backup code (consumed).
 */
export async function verifySecondFactor(
  deps: AuthDeps,
  user: UserRow,
  code: string,
): Promise<boolean> {
  if (isBackupCodeShape(code)) {
    return consumeBackupCode(deps.db, user.id, deps.secrets.hashBackupCode(code));
  }
  if (!user.twoFactorSecret) return false;
  const check = await checkTotp(
    deps.secrets.totp.open(user.twoFactorSecret),
    code,
    user.lastTotpStep,
  );
  return check.valid && advanceTotpStep(deps.db, user.id, check.step);
}

/**
 * Turns two-factor off and forgets the secret, the backup codes, pending setups and every
 * session, so the next sign-in goes through setup again (emergency recovery, operator CLI).
 */
export async function clearTwoFactor(db: DbExecutor, userId: string): Promise<void> {
  await updateUser(db, userId, {
    twoFactorEnabled: false,
    twoFactorSecret: null,
    lastTotpStep: null,
  });
  await deleteBackupCodes(db, userId);
  await retireOneTimeTokens(db, userId, 'setup_2fa');
  await endUserSessions(db, userId);
}
