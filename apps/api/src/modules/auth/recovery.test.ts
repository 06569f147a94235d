import {
  commonMessages,
  emergencyRecoveryRequestResponseSchema,
  messageResponseSchema,
} from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backupCodes, oneTimeTokens, refreshTokens, users } from '../../db/schema';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import {
  type TestContext,
  buildUserWithTwoFactor,
  createTestContext,
  freshAddress,
  signInWithTotp,
  testPassword,
  totpCode,
  untilNextSecond,
} from '../../../test/builders';

let t: TestContext;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestContext({ env: { SMTP_URL: sink.url, APP_URL: 'http://console.test' } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const post = (path: string, body: object, address = freshAddress()) =>
  request(t.app).post(`/api/auth/${path}`).set('X-Forwarded-For', address).send(body);
const validate = (token: string) =>
  request(t.app).get('/api/auth/validate').auth(token, { type: 'bearer' });
const unauthenticated = {
  success: false,
  error: 'UNAUTHENTICATED',
  message: commonMessages.unauthenticated,
};
const resetRequested =
  'Password reset instructions have been sent to your email if the account exists.';

/** The token of the reset link mailed to `email` (other mail to it, such as warnings, is skipped). */
async function mailedResetToken(email: string): Promise<string> {
  const linkPattern = /http:\/\/console\.test\/recovery\?token=([A-Za-z0-9_%-]+)/;
  const link = await vi.waitFor(
    () => {
      const found = sink.messages
        .filter((mail) => mail.to.includes(email))
        .map((mail) => linkPattern.exec(mail.decoded))
        .find(Boolean);
      if (!found) throw new Error(`No reset link mailed to ${email}`);
      return found;
    },
    { timeout: 5_000 },
  );
  return decodeURIComponent(link[1]!);
}

describe('password reset', () => {
  it('mails a single-use link; set-password changes the password and ends every session', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const response = await post('reset-password', { email: account.user.email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(messageResponseSchema.parse(response.body).message).toBe(resetRequested);

    const token = await mailedResetToken(account.user.email);
    const reset = await post('set-password', { token, password: 'Brand-new-Passw0rd' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(
      'Your password has been reset. You can now sign in with your new password.',
    );

    const oldPassword = await post('login', { email: account.user.email, password: testPassword });
    expect(oldPassword.status).toBe(401);
    const newPassword = await post('login', {
      email: account.user.email,
      password: 'Brand-new-Passw0rd',
    });
    expect(newPassword.body.requires2FA).toBe(true);
    expect((await post('refresh', { refreshToken: session.refreshToken })).status).toBe(401);

    const again = await post('set-password', { token, password: 'Another-Passw0rd' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      'This password reset link has already been used. Please request a new one.',
    );
  });

  it('refuses an access token issued before the reset and accepts one issued after it', async () => {
    const account = await buildUserWithTwoFactor(t);
    const before = await signInWithTotp(t, account);
    expect((await validate(before.token)).status).toBe(200);

    await post('reset-password', { email: account.user.email });
    const token = await mailedResetToken(account.user.email);
    expect((await post('set-password', { token, password: 'Brand-new-Passw0rd' })).status).toBe(
      200,
    );
    const refused = await validate(before.token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(unauthenticated);

    await untilNextSecond();
    const after = await signInWithTotp(t, { ...account, password: 'Brand-new-Passw0rd' }, 1);
    expect((await validate(after.token)).status).toBe(200);
  });

  it('answers the same for an unknown email and issues no link', async () => {
    const resetTokens = () =>
      t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.purpose, 'password_reset'));
    const before = (await resetTokens()).length;
    const response = await post('reset-password', { email: 'nobody@example.test' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: resetRequested });
    expect(await resetTokens()).toHaveLength(before);
  });

  it('refuses an expired link (400)', async () => {
    const account = await buildUserWithTwoFactor(t);
    await post('reset-password', { email: account.user.email });
    const token = await mailedResetToken(account.user.email);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, account.user.id));
    const response = await post('set-password', { token, password: 'Brand-new-Passw0rd' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'This password reset link has expired. Please request a new one.',
    );
  });

  it('refuses an unknown token and enforces the password rules (400)', async () => {
    const unknown = await post('set-password', {
      token: 'made-up',
      password: 'Brand-new-Passw0rd',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'This password reset link is invalid. Please request a new one.',
    );
    const missing = await post('set-password', {});
    expect(missing.body.errors).toEqual({
      token: 'Reset token is required',
      password: 'Password is required',
    });
    const weak = await post('set-password', { token: 'made-up', password: 'alllowercase1' });
    expect(weak.body.errors).toEqual({
      password: 'Password must contain at least one uppercase letter',
    });
  });

  it('asks for a valid email (400)', async () => {
    expect((await post('reset-password', {})).body.errors).toEqual({ email: 'Email is required' });
    expect((await post('reset-password', { email: 'nope' })).body.errors).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('limits reset and recovery requests per address (10 in 15 minutes)', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const path = attempt % 2 ? 'reset-password' : 'emergency-recovery-request';
      expect((await post(path, { email: `probe-${attempt}@example.test` }, address)).status).toBe(
        200,
      );
    }
    const blocked = await post('reset-password', { email: 'probe@example.test' }, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('RATE_LIMITED');
  });

  it('refuses a bad token before hashing the new password, and limits tries per address', async () => {
    const hash = vi.spyOn(t.ctx.passwords, 'hash');
    try {
      const address = freshAddress();
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const path = attempt % 2 ? 'set-password' : 'emergency-recovery-execute';
        const body =
          path === 'set-password'
            ? { token: 'no-such-token', password: 'Brand-new-Passw0rd' }
            : { token: 'no-such-token', newPassword: 'Brand-new-Passw0rd' };
        expect((await post(path, body, address)).status).toBe(400);
      }
      expect(hash).not.toHaveBeenCalled();
      const blocked = await post(
        'set-password',
        { token: 'no-such-token', password: 'Brand-new-Passw0rd' },
        address,
      );
      expect(blocked.status).toBe(429);
    } finally {
      hash.mockRestore();
    }
  });

  it('ends the sign-in back-off of the account once the reset is done', async () => {
    const account = await buildUserWithTwoFactor(t);
    const email = account.user.email;
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      expect((await post('login', { email, password: 'Wrong-password-1' })).status).toBe(401);
    }
    expect((await post('login', { email, password: testPassword })).status).toBe(429);
    await post('reset-password', { email }).expect(200);
    const token = await mailedResetToken(email);
    await post('set-password', { token, password: 'Brand-new-Passw0rd' }).expect(200);
    const signIn = await post('login', { email, password: 'Brand-new-Passw0rd' });
    expect(signIn.status).toBe(200);
  });
});

describe('emergency recovery', () => {
  it('mails an administrator a token that sets a new password and clears two-factor', async () => {
    const account = await buildUserWithTwoFactor(t, { role: 'Admin' });
    const session = await signInWithTotp(t, account);
    const response = await post('emergency-recovery-request', { email: account.user.email });
    expect(response.status).toBe(200);
    const body = emergencyRecoveryRequestResponseSchema.parse(response.body);
    const mail = await sink.waitForMail(account.user.email);
    expect(mail.decoded).toContain(body.emergencyToken);

    const executed = await post('emergency-recovery-execute', {
      token: body.emergencyToken,
      newPassword: 'Recovered-Passw0rd',
    });
    expect(executed.status).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(user).toMatchObject({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      lastTotpStep: null,
    });
    expect(
      await t.database.db.select().from(backupCodes).where(eq(backupCodes.userId, user!.id)),
    ).toHaveLength(0);
    const sessions = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user!.id));
    expect(sessions.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await post('refresh', { refreshToken: session.refreshToken })).status).toBe(401);

    const login = await post('login', {
      email: account.user.email,
      password: 'Recovered-Passw0rd',
    });
    expect(login.body).toMatchObject({ requires2FA: false, requires2FASetup: true });

    const again = await post('emergency-recovery-execute', {
      token: body.emergencyToken,
      newPassword: 'Recovered-Passw0rd',
    });
    expect(again.status).toBe(400);
  });

  it('refuses an access token issued before the recovery and accepts one from the new setup', async () => {
    const account = await buildUserWithTwoFactor(t, { role: 'Admin' });
    const before = await signInWithTotp(t, account);
    expect((await validate(before.token)).status).toBe(200);

    const requested = await post('emergency-recovery-request', { email: account.user.email });
    const { emergencyToken } = emergencyRecoveryRequestResponseSchema.parse(requested.body);
    const executed = await post('emergency-recovery-execute', {
      token: emergencyToken,
      newPassword: 'Recovered-Passw0rd',
    });
    expect(executed.status).toBe(200);
    const refused = await validate(before.token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(unauthenticated);

    await untilNextSecond();
    const login = await post('login', {
      email: account.user.email,
      password: 'Recovered-Passw0rd',
    });
    const setup = await post('setup-2fa', {
      setupToken: login.body.setupToken,
      code: await totpCode(login.body.twoFASecret),
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    expect((await validate(setup.body.token)).status).toBe(200);
  });

  it('gives no token to an account that is not an administrator, with the same message', async () => {
    const account = await buildUserWithTwoFactor(t, { role: 'sales' });
    const response = await post('emergency-recovery-request', { email: account.user.email });
    const unknown = await post('emergency-recovery-request', { email: 'nobody@example.test' });
    expect(response.body).toEqual(unknown.body);
    expect(response.body).not.toHaveProperty('emergencyToken');
  });

  it('asks for the token and enforces the password rules (400)', async () => {
    const response = await post('emergency-recovery-execute', { newPassword: 'short' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      token: 'Emergency token is required',
      newPassword: 'Password must be at least 8 characters long',
    });
  });
});

describe('emergency recovery in production', () => {
  let production: TestContext;
  beforeAll(async () => {
    production = await createTestContext({
      env: { NODE_ENV: 'production', SMTP_URL: sink.url },
    });
  });
  afterAll(() => production.close());

  it('keeps the token out of the response', async () => {
    const account = await buildUserWithTwoFactor(production, { role: 'superadmin' });
    const response = await request(production.app)
      .post('/api/auth/emergency-recovery-request')
      .send({ email: account.user.email });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message:
        'If the account exists and belongs to an administrator, emergency recovery instructions have been sent to its email.',
    });
    await sink.waitForMail(account.user.email);
  });
});
