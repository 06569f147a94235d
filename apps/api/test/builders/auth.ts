import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import request from 'supertest';
import { expect } from 'vitest';
import { users } from '../../src/db/schema';
import { beginTwoFactorSetup } from '../../src/modules/auth/two-factor.service';
import { testPassword, type TestContext, type TestUserOptions } from '../test-context';

/** The authenticator code of `secret`, `stepOffset` steps of 30 s from now. */
export function totpCode(secret: string, stepOffset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
}

/** A staff user whose two-factor setup is complete, with its plain secret and backup codes. */
export async function buildUserWithTwoFactor(t: TestContext, options: TestUserOptions = {}) {
  const { user } = await t.createUserWithToken({ ...options, twoFactorEnabled: false });
  const setup = await beginTwoFactorSetup(t.ctx, t.database.db, user);
  await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
  return {
    user,
    secret: setup.twoFASecret,
    backupCodes: setup.backupCodes,
    password: testPassword,
  };
}

/** Password step; answers the temporary token of the two-factor challenge. */
export async function passwordStep(t: TestContext, email: string, password = testPassword) {
  const response = await request(t.app).post('/api/auth/login').send({ email, password });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.requires2FA).toBe(true);
  return response.body.tempToken as string;
}

/**
 * Both sign-in steps (with `account.password`, else the test password) and a TOTP code
 * `stepOffset` steps away; answers the session body.
 */
export async function signInWithTotp(
  t: TestContext,
  account: { user: { email: string }; secret: string; password?: string },
  stepOffset = 0,
) {
  const tempToken = await passwordStep(t, account.user.email, account.password);
  const response = await request(t.app)
    .post('/api/auth/verify-2fa')
    .send({ tempToken, code: await totpCode(account.secret, stepOffset) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { token: string; refreshToken: string; user: { id: string } };
}

/** A distinct client address per test, so per-address limits of one test do not reach another. */
export function freshAddress(): string {
  const bytes = randomUUID().replace(/-/g, '').slice(0, 6);
  return `10.${parseInt(bytes.slice(0, 2), 16)}.${parseInt(bytes.slice(2, 4), 16)}.${parseInt(bytes.slice(4, 6), 16)}`;
}
