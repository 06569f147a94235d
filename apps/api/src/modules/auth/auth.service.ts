import {
  appInfo,
  authMessages,
  roleTemplates,
  temporaryPasswordMessages,
  type LoginBody,
  type RegisterBody,
  type Verify2faBody,
} from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import type { RequestOrigin } from '../../http/request-origin';
import type { UserRow } from '../../db/schema';
import { AppError, conflict, tooMany } from '../../http/app-error';
import { twoFactorSetupRequiredMessage, type AuthUser } from '../../http/authenticate';
import type { Reservation } from '../../security/rate-limiter';
import { codeAttempts, pairAttempts, passwordAttempts, type AuthDeps } from './auth-deps';
import { presentSessionUser } from './auth.presenter';
import { lockRegistration } from './auth.repo';
import {
  findUserByEmail,
  findUserRowById,
  findUsernamesStartingWith,
  insertUser,
  superadminExists,
} from '../accounts/accounts.service';
import { auditSignInFailed, type SignInAttempt } from './auth-audit';
import { signStepToken, verifyStepToken } from './sign-in-step-token';
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
  passwordChangeRequired: temporaryPasswordMessages.changeRequired,
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
  address: string,
): Promise<{ success: true } & TwoFactorSetup> {
  // The cheap refusals first: hashing is what a flood of requests would make expensive.
  if (!(await deps.limits.passwordSetting.consume(address))) throw tooMany();
  if (await superadminExists(deps.db)) throw conflict(signInMessages.superadminExists);
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

type TwoFactorStep =
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

type LoginAnswer =
  | TwoFactorStep
  | {
      success: true;
      requires2FA: false;
      requiresTwoFactor: false;
      requiresPasswordChange: true;
      passwordChangeToken: string;
      message: string;
    };

/**
 * First sign-in step. A right password answers a two-factor challenge (a 5-minute temporary
 * token), or the setup data when the account has not set up two-factor yet, or first a new
 * password when this one is temporary; never a session directly, since every account must pass a
 * second factor.
 */
export async function signIn(
  deps: AuthDeps,
  body: LoginBody,
  origin: RequestOrigin,
  fromKnownDevice = false,
): Promise<LoginAnswer> {
  const attempt = await claimPasswordAttempt(deps, body.email, origin.address, fromKnownDevice);
  const user = await findUserByEmail(deps.db, body.email);
  const passwordMatches = user
    ? await deps.passwords.verify(body.password, user.passwordHash)
    : await deps.passwords.verifyAgainstNothing(body.password);
  const attemptOf = { userId: user?.id ?? null, email: body.email, origin };
  if (!user || !passwordMatches) {
    if (user && attempt.account?.remaining === 0) warnOwnerOfBackOff(deps, user);
    const reason = user ? 'wrong_password' : 'unknown_account';
    await auditSignInFailed(deps.db, { ...attemptOf, reason });
    throw new AppError(401, 'INVALID_CREDENTIALS', signInMessages.invalidCredentials);
  }
  await attempt.succeeded();
  // Knowing the password is proven; codes keep their own count, so this frees nothing to guess.
  await deps.limits.signInPair.reset(pairAttempts(body.email, origin.address));
  if (fromKnownDevice) await deps.limits.signInAccount.reset(passwordAttempts(body.email));
  await assertActiveAudited(deps, user, attemptOf);
  if (user.mustChangePassword) {
    return {
      success: true,
      requires2FA: false,
      requiresTwoFactor: false,
      requiresPasswordChange: true,
      passwordChangeToken: signStepToken(deps.config.jwtSecret, user.id, 'password_change'),
      message: signInMessages.passwordChangeRequired,
    };
  }
  return twoFactorStep(deps, user);
}

/** After the password: the two-factor challenge, or its setup when the account has none yet. */
export async function twoFactorStep(deps: AuthDeps, user: UserRow): Promise<TwoFactorStep> {
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
    tempToken: signStepToken(deps.config.jwtSecret, user.id, 'mfa'),
    message: signInMessages.challenge,
  };
}

/** Second sign-in step: the temporary token and a TOTP or backup code start a session. */
export async function verifySignInCode(
  deps: AuthDeps,
  body: Verify2faBody,
  origin: RequestOrigin,
): Promise<SessionGrant> {
  const userId = verifyStepToken(deps.config.jwtSecret, body.tempToken, 'mfa');
  const user: UserRow | undefined = userId ? await findUserRowById(deps.db, userId) : undefined;
  // A temporary password set since the password step must be replaced first.
  if (!user || user.mustChangePassword)
    throw new AppError(401, 'TOKEN_EXPIRED', signInMessages.challengeExpired);
  const attempt = await claimCodeAttempt(deps, user.email, origin.address);
  const attemptOf = { userId: user.id, email: user.email, origin };
  await assertActiveAudited(deps, user, attemptOf);
  if (!user.twoFactorEnabled) {
    throw new AppError(403, 'TWO_FACTOR_SETUP_REQUIRED', twoFactorSetupRequiredMessage);
  }
  if (!(await verifySecondFactor(deps, user, body.code))) {
    await auditSignInFailed(deps.db, { ...attemptOf, reason: 'wrong_code' });
    throw new AppError(401, 'INVALID_2FA_CODE', signInMessages.invalidCode);
  }
  await attempt.refund();
  await deps.limits.signInCodes.reset(codeAttempts(user.email));
  return startSession(deps, user, origin);
}

/** assertActive, the refusal of an inactive or suspended account recorded as a failed sign-in. */
async function assertActiveAudited(
  deps: AuthDeps,
  user: UserRow,
  attempt: SignInAttempt,
): Promise<void> {
  if (user.status === 'active') return;
  await auditSignInFailed(deps.db, { ...attempt, reason: 'account_inactive' });
  assertActive(user);
}

/** GET validate: the signed-in user as the console stores it. */
export function validateSession(user: AuthUser) {
  return { success: true as const, valid: true as const, user: presentSessionUser(user) };
}

/** A password attempt counted as a failure until it is known to have succeeded. */
interface PasswordAttempt {
  /** The account's count; absent for a device signed in before once the account is backed off. */
  account: Reservation | undefined;
  /** Gives the attempt back to the address and the account: the password was right. */
  succeeded(): Promise<void>;
}

/**
 * Counts a password attempt against its account and address pair, its address and its account
 * BEFORE checking it, so that parallel requests cannot all pass a check made before any of them
 * failed; a right password gives the address's and account's counts back. The account's own
 * back-off (failures from anywhere) stops everyone but a device that has signed in before.
 */
async function claimPasswordAttempt(
  deps: AuthDeps,
  email: string,
  address: string,
  fromKnownDevice: boolean,
): Promise<PasswordAttempt> {
  const [withinPairLimit, fromAddress, onAccount] = await Promise.all([
    deps.limits.signInPair.consume(pairAttempts(email, address)),
    deps.limits.signInAddress.reserve(address),
    deps.limits.signInAccount.reserve(passwordAttempts(email)),
  ]);
  if (!withinPairLimit || !fromAddress || (!onAccount && !fromKnownDevice)) {
    await Promise.all([fromAddress?.refund(), onAccount?.refund()]);
    throw tooMany();
  }
  return {
    account: onAccount,
    succeeded: async () => {
      await Promise.all([fromAddress.refund(), onAccount?.refund()]);
    },
  };
}

/**
 * Counts a code attempt against the account and, as a failure until the code is right, against
 * the address, before checking it (the password is known).
 */
async function claimCodeAttempt(
  deps: AuthDeps,
  email: string,
  address: string,
): Promise<Reservation> {
  const [withinAccountLimit, fromAddress] = await Promise.all([
    deps.limits.signInCodes.consume(codeAttempts(email)),
    deps.limits.signInAddress.reserve(address),
  ]);
  if (!withinAccountLimit || !fromAddress) {
    await fromAddress?.refund();
    throw tooMany();
  }
  return fromAddress;
}

/** Tells the owner, once per window, that failed sign-ins have slowed their account down. */
function warnOwnerOfBackOff(deps: AuthDeps, user: UserRow): void {
  deps.mailer
    .send({
      to: user.email,
      subject: `${appInfo.productName}: sign-in attempts to your account were slowed down`,
      text: [
        `Hello ${user.fullName},`,
        '',
        'Many sign-ins with a wrong password were tried on your account in the last hour, so new sign-ins are being slowed down for a while.',
        'You can still sign in from a browser you have signed in with before. If these attempts were not yours, tell your administrator; if you have forgotten your password, reset it from the sign-in page, which also ends the slow-down.',
      ].join('\n'),
    })
    .catch((error: unknown) =>
      deps.logger.error({ err: error }, 'sign-in back-off mail could not be sent'),
    );
}
