import {
  authMessages,
  roleTemplates,
  type LoginBody,
  type RegisterBody,
  type Verify2faBody,
} from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, conflict, tooMany } from '../../http/app-error';
import { twoFactorSetupRequiredMessage, type AuthUser } from '../../http/authenticate';
import { codeAttempts, passwordAttempts, type AuthDeps } from './auth-deps';
import { presentSessionUser } from './auth.presenter';
import {
  findUserByEmail,
  findUserRowById,
  findUsernamesStartingWith,
  insertUser,
  lockRegistration,
  superadminExists,
} from './auth.repo';
import { signMfaToken, verifyMfaToken } from './mfa-token';
import { assertActive, startSession, type SessionGrant } from './session.service';
import { beginTwoFactorSetup, verifySecondFactor, type TwoFactorSetup } from './two-factor.service';

export const signInMessages = {
  invalidCredentials: 'Invalid email or password',
  invalidCode: authMessages.invalidCode,
  challenge: 'Enter the 6-digit code from your authenticator app',
  challengeExpired: 'Your sign-in session has expired. Please sign in again.',
  setupRequired:
    'Two-factor authentication must be set up before you can sign in. Scan the QR code, keep the backup codes, then enter the 6-digit code.',
  superadminExists: 'A system administrator already exists. Please sign in instead.',
} as const;

/** GET has-superadmin: whether first-run setup has been done. */
export async function hasSuperadmin(deps: AuthDeps): Promise<{ success: true; exists: boolean }> {
  return { success: true, exists: await superadminExists(deps.db) };
}

/**
 * Creates the first account, the system administrator, with two-factor off until its setup is
 * completed; answers the setup data. Refused (409) once a superadmin exists.
 */
export async function registerFirstAdministrator(
  deps: AuthDeps,
  body: RegisterBody,
): Promise<{ success: true } & TwoFactorSetup> {
  const passwordHash = await deps.passwords.hash(body.password);
  const setup = await deps.db.transaction(async (tx) => {
    await lockRegistration(tx);
    if (await superadminExists(tx)) throw conflict(signInMessages.superadminExists);
    const user = await insertUser(tx, {
      username: await availableUsername(tx, body.email),
      email: body.email,
      passwordHash,
      fullName: body.name,
      role: 'superadmin',
      status: 'active',
      permissions: roleTemplates.superadmin,
      twoFactorEnabled: false,
    });
    return beginTwoFactorSetup(deps, tx, user);
  });
  return { success: true, ...setup };
}

/** A free username made from the email's local part (`aisyah`, else `aisyah2`, ...). */
export async function availableUsername(db: DbExecutor, email: string): Promise<string> {
  const base = email.split('@')[0]!.replace(/[^a-z0-9._-]/g, '') || 'admin';
  const taken = new Set(await findUsernamesStartingWith(db, base));
  let candidate = base;
  for (let suffix = 2; taken.has(candidate); suffix += 1) candidate = `${base}${suffix}`;
  return candidate;
}

type LoginAnswer =
  | {
      success: true;
      requires2FA: true;
      requiresTwoFactor: true;
      tempToken: string;
      message: string;
    }
  | ({
      success: true;
      requires2FA: false;
      requiresTwoFactor: false;
      requires2FASetup: true;
    } & TwoFactorSetup);

/**
 * First sign-in step. A right password answers a two-factor challenge (a 5-minute temporary
 * token), or the setup data when the account has not set up two-factor yet; never a session
 * directly, since every account must pass a second factor.
 */
export async function signIn(
  deps: AuthDeps,
  body: LoginBody,
  address: string,
): Promise<LoginAnswer> {
  await claimAttempt(deps, passwordAttempts(body.email), address);
  const user = await findUserByEmail(deps.db, body.email);
  const passwordMatches = user
    ? await deps.passwords.verify(body.password, user.passwordHash)
    : await deps.passwords.verifyAgainstNothing(body.password);
  if (!user || !passwordMatches) {
    await deps.limits.signInAddress.record(address);
    throw new AppError(401, 'INVALID_CREDENTIALS', signInMessages.invalidCredentials);
  }
  // Knowing the password is proven; codes keep their own count, so this frees nothing to guess.
  await deps.limits.signInAccount.reset(passwordAttempts(body.email));
  assertActive(user);
  if (!user.twoFactorEnabled) {
    const setup = await deps.db.transaction((tx) => beginTwoFactorSetup(deps, tx, user));
    return {
      success: true,
      requires2FA: false,
      requiresTwoFactor: false,
      requires2FASetup: true,
      ...setup,
      message: signInMessages.setupRequired,
    };
  }
  return {
    success: true,
    requires2FA: true,
    requiresTwoFactor: true,
    tempToken: signMfaToken(deps.config.jwtSecret, user.id),
    message: signInMessages.challenge,
  };
}

/** Second sign-in step: the temporary token and a TOTP or backup code start a session. */
export async function verifySignInCode(
  deps: AuthDeps,
  body: Verify2faBody,
  address: string,
): Promise<SessionGrant> {
  const userId = verifyMfaToken(deps.config.jwtSecret, body.tempToken);
  const user: UserRow | undefined = userId ? await findUserRowById(deps.db, userId) : undefined;
  if (!user) throw new AppError(401, 'TOKEN_EXPIRED', signInMessages.challengeExpired);
  await claimAttempt(deps, codeAttempts(user.email), address);
  assertActive(user);
  if (!user.twoFactorEnabled) {
    throw new AppError(403, 'TWO_FACTOR_SETUP_REQUIRED', twoFactorSetupRequiredMessage);
  }
  if (!(await verifySecondFactor(deps, user, body.code))) {
    await deps.limits.signInAddress.record(address);
    throw new AppError(401, 'INVALID_2FA_CODE', signInMessages.invalidCode);
  }
  await deps.limits.signInAccount.reset(codeAttempts(user.email));
  return startSession(deps, user);
}

/** GET validate: the signed-in user as the console stores it. */
export function validateSession(user: AuthUser) {
  return { success: true as const, valid: true as const, user: presentSessionUser(user) };
}

/**
 * Counts the attempt against the account BEFORE checking it, so that parallel requests cannot all
 * pass a check made before any of them failed; a success resets the count. The coarser
 * per-address limit counts failures only.
 */
async function claimAttempt(deps: AuthDeps, accountKey: string, address: string): Promise<void> {
  const [withinAccountLimit, addressBlocked] = await Promise.all([
    deps.limits.signInAccount.consume(accountKey),
    deps.limits.signInAddress.isBlocked(address),
  ]);
  if (!withinAccountLimit || addressBlocked) throw tooMany();
}
