import { registerBodySchema, roleTemplates } from '@patrol/contracts';
import { z } from 'zod';
import { recordAudit } from '../audit/audit.service';
import type { AuthDeps } from './auth-deps';
import { findUserByEmail, insertUser, superadminExists } from '../accounts/accounts.service';
import { availableUsername } from './auth.service';
import { announceSessionsEnded } from './session.service';
import { clearTwoFactor } from './two-factor.service';

/** A failure the operator can fix; printed without a stack trace. */
export class AdminCommandError extends Error {
  override readonly name = 'AdminCommandError';
}

/**
 * Turns two-factor off for one account (lost authenticator, no mail): secret, backup codes and
 * sessions are cleared, so the next sign-in goes through setup again.
 */
export async function resetTwoFactor(deps: AuthDeps, email: string): Promise<string> {
  const user = await findUserByEmail(deps.db, email.trim().toLowerCase());
  if (!user) throw new AdminCommandError(`No account has the email ${email}.`);
  await deps.db.transaction(async (tx) => {
    await clearTwoFactor(tx, user.id);
    // No actor: the operator's shell is not an account.
    await recordAudit(tx, {
      actorId: null,
      action: 'user.two_factor_reset',
      entityType: 'user',
      entityId: user.id,
      before: { twoFactorEnabled: user.twoFactorEnabled },
      after: { twoFactorEnabled: false, resetBy: 'operator command' },
    });
  });
  announceSessionsEnded(deps, { userId: user.id });
  return `Two-factor authentication was reset for ${user.email}. The next sign-in will set it up again.`;
}

export interface SuperadminInput {
  email: string;
  name: string;
  password: string;
  /** Create one even though a superadmin exists (e.g. the only one left the company). */
  force?: boolean;
}

/**
 * Creates a superadmin with the setup rules of the register form. Two-factor is off until the
 * account's first sign-in sets it up. Refused when a superadmin exists, unless forced.
 */
export async function createSuperadmin(deps: AuthDeps, input: SuperadminInput): Promise<string> {
  const parsed = registerBodySchema.safeParse({
    name: input.name,
    email: input.email,
    password: input.password,
  });
  if (!parsed.success) {
    throw new AdminCommandError(z.prettifyError(parsed.error));
  }
  const { name, email, password } = parsed.data;
  if (!input.force && (await superadminExists(deps.db))) {
    throw new AdminCommandError('A superadmin already exists. Use --force to create another one.');
  }
  if (await findUserByEmail(deps.db, email)) {
    throw new AdminCommandError(`An account with the email ${email} already exists.`);
  }
  await insertUser(deps.db, {
    username: await availableUsername(deps.db, email),
    email,
    passwordHash: await deps.passwords.hash(password),
    fullName: name,
    role: 'superadmin',
    status: 'active',
    permissions: roleTemplates.superadmin,
    twoFactorEnabled: false,
  });
  return `Superadmin ${email} created. Sign in to set up two-factor authentication.`;
}
