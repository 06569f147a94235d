import {
  authSessionResponseSchema,
  commonMessages,
  twoFactorChallengeResponseSchema,
  validateResponseSchema,
} from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { generate } from 'otplib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import {
  type TestContext,
  buildUserWithTwoFactor,
  createTestContext,
  freshAddress,
  passwordStep,
  signInWithTotp,
  testPassword,
  totpCode,
} from '../../../test/builders';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const login = (body: object, address = freshAddress()) =>
  request(t.app).post('/api/auth/login').set('X-Forwarded-For', address).send(body);
const verify = (body: object, address = freshAddress()) =>
  request(t.app).post('/api/auth/verify-2fa').set('X-Forwarded-For', address).send(body);

describe('POST /api/auth/login', () => {
  it('asks for both fields when one is missing (400)', async () => {
    for (const body of [
      {},
      { email: 'a@b.co' },
      { password: 'x' },
      { email: '  ', password: 'x' },
    ]) {
      const response = await login(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: 'VALIDATION_ERROR',
        message: 'Please fill in all fields',
      });
    }
  });

  it('refuses a wrong password and an unknown email with the same answer (401)', async () => {
    const { user } = await buildUserWithTwoFactor(t);
    for (const body of [
      { email: user.email, password: 'Wrong-password-1' },
      { email: 'nobody@example.test', password: testPassword },
    ]) {
      const response = await login(body);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        success: false,
        error: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
    }
  });

  it('answers a two-factor challenge with a temporary token for a right password', async () => {
    const { user } = await buildUserWithTwoFactor(t);
    const response = await login({ email: user.email.toUpperCase(), password: testPassword });
    expect(response.status).toBe(200);
    const body = twoFactorChallengeResponseSchema.parse(response.body);
    expect(body).toMatchObject({ requires2FA: true, requiresTwoFactor: true });
    expect(response.body).not.toHaveProperty('token');
  });

  it.each([
    ['inactive', 'Your account is inactive. Please contact your administrator.'],
    ['suspended', 'Your account has been suspended. Please contact your administrator.'],
  ] as const)('refuses a %s account with a clear message (403)', async (status, message) => {
    const { user } = await buildUserWithTwoFactor(t, { status });
    const response = await login({ email: user.email, password: testPassword });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: 'ACCOUNT_INACTIVE', message });
  });
});

describe('POST /api/auth/verify-2fa', () => {
  it('starts a session with the current authenticator code', async () => {
    const account = await buildUserWithTwoFactor(t, {
      role: 'sales',
      customDenied: ['products.view'],
    });
    const tempToken = await passwordStep(t, account.user.email);
    const response = await verify({ tempToken, code: await totpCode(account.secret) });
    expect(response.status).toBe(200);
    const session = authSessionResponseSchema.parse(response.body);
    expect(session.user).toMatchObject({
      id: account.user.id,
      email: account.user.email,
      role: 'sales',
    });
    expect(session.user.permissions).toContain('quotations.create');
    expect(session.user.permissions).not.toContain('products.view');
    expect(session.user.customPermissions).toEqual({ granted: [], denied: ['products.view'] });
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const validation = await request(t.app)
      .get('/api/auth/validate')
      .auth(session.token, { type: 'bearer' });
    expect(validation.status).toBe(200);
    expect(validateResponseSchema.parse(validation.body).user.id).toBe(account.user.id);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row!.lastLoginAt).toBeInstanceOf(Date);
  });

  it('accepts a code one step away (clock drift)', async () => {
    const account = await buildUserWithTwoFactor(t);
    const tempToken = await passwordStep(t, account.user.email);
    const response = await verify({ tempToken, code: await totpCode(account.secret, -1) });
    expect(response.status).toBe(200);
  });

  it('asks for the code, and refuses a code that is neither 6 nor 8 digits (400)', async () => {
    const account = await buildUserWithTwoFactor(t);
    const tempToken = await passwordStep(t, account.user.email);
    const missing = await verify({ tempToken });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ code: 'Please enter the 2FA code' });
    const malformed = await verify({ tempToken, code: '12ab56' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Invalid 2FA code. Please try again.');
  });

  it('refuses a wrong code (401)', async () => {
    const account = await buildUserWithTwoFactor(t);
    const tempToken = await passwordStep(t, account.user.email);
    const right = await totpCode(account.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const response = await verify({ tempToken, code: wrong });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      error: 'INVALID_2FA_CODE',
      message: 'Invalid 2FA code. Please try again.',
    });
  });

  it('refuses an authenticator code that was already used (replay), and older ones', async () => {
    const account = await buildUserWithTwoFactor(t);
    // Codes from one instant, so a step boundary passing during the test changes nothing.
    const epoch = Math.floor(Date.now() / 1000);
    const codeAt = (stepOffset: number) =>
      generate({ secret: account.secret, epoch: epoch + stepOffset * 30 });
    const used = await codeAt(0);
    const first = await verify({
      tempToken: await passwordStep(t, account.user.email),
      code: used,
    });
    expect(first.status).toBe(200);
    const tempToken = await passwordStep(t, account.user.email);
    expect((await verify({ tempToken, code: used })).status).toBe(401);
    expect((await verify({ tempToken, code: await codeAt(-1) })).status).toBe(401);
    expect((await verify({ tempToken, code: await codeAt(1) })).status).toBe(200);
  });

  it('accepts a backup code once only', async () => {
    const account = await buildUserWithTwoFactor(t);
    const code = account.backupCodes[3]!;
    const first = await verify({ tempToken: await passwordStep(t, account.user.email), code });
    expect(first.status).toBe(200);
    const second = await verify({ tempToken: await passwordStep(t, account.user.email), code });
    expect(second.status).toBe(401);
    expect(second.body.message).toBe('Invalid 2FA code. Please try again.');
    const another = await verify({
      tempToken: await passwordStep(t, account.user.email),
      code: account.backupCodes[4]!,
    });
    expect(another.status).toBe(200);
  });

  it('refuses an expired temporary token (401)', async () => {
    const account = await buildUserWithTwoFactor(t);
    const expired = jwt.sign(
      { typ: 'mfa', exp: Math.floor(Date.now() / 1000) - 1 },
      t.ctx.config.jwtSecret,
      { subject: account.user.id },
    );
    const response = await verify({ tempToken: expired, code: await totpCode(account.secret) });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('TOKEN_EXPIRED');
  });

  it('keeps temporary and access tokens apart', async () => {
    const account = await buildUserWithTwoFactor(t);
    const tempToken = await passwordStep(t, account.user.email);
    const asSession = await request(t.app)
      .get('/api/auth/validate')
      .auth(tempToken, { type: 'bearer' });
    expect(asSession.status).toBe(401);
    const { token } = await signInWithTotp(t, account, 1);
    const asChallenge = await verify({ tempToken: token, code: await totpCode(account.secret, 1) });
    expect(asChallenge.status).toBe(401);
  });
});

describe('sign-in rate limits', () => {
  it('answers 429 on the 6th try at one account from one address, even with the right password', async () => {
    const account = await buildUserWithTwoFactor(t);
    const attacker = freshAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await login(
        { email: account.user.email, password: 'Wrong-password-1' },
        attacker,
      );
      expect(response.status).toBe(401);
    }
    const blocked = await login({ email: account.user.email, password: testPassword }, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      success: false,
      error: 'RATE_LIMITED',
      message: commonMessages.rateLimited,
    });
    // The stranger's failures do not lock the owner out.
    expect((await login({ email: account.user.email, password: testPassword })).status).toBe(200);
  });

  it('slows an account down after 30 failures from anywhere, mails its owner once, and lets a known device through', async () => {
    const account = await buildUserWithTwoFactor(t);
    const email = account.user.email;
    // The owner's browser signed in before: it holds the known-device cookie.
    const ownBrowser = request.agent(t.app);
    const challenge = await ownBrowser
      .post('/api/auth/login')
      .set('X-Forwarded-For', freshAddress())
      .send({ email, password: testPassword })
      .expect(200);
    const signedIn = await ownBrowser
      .post('/api/auth/verify-2fa')
      .set('X-Forwarded-For', freshAddress())
      .send({ tempToken: challenge.body.tempToken, code: await totpCode(account.secret) })
      .expect(200);
    expect(signedIn.headers['set-cookie']?.[0]).toMatch(
      /^patrol_known_device=.+; Max-Age=\d+; Path=\/api\/auth; .*HttpOnly; SameSite=Strict/,
    );

    for (let attempt = 1; attempt <= 30; attempt += 1) {
      expect((await login({ email, password: 'Wrong-password-1' })).status).toBe(401);
    }
    expect((await login({ email, password: testPassword })).status).toBe(429);
    // The warning is mailed beside the answer, not before it.
    await vi.waitFor(async () => {
      const warnings = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email));
      expect(warnings.map((mail) => mail.subject)).toEqual([
        'Patrol Management Console: sign-in attempts to your account were slowed down',
      ]);
    });

    const fromKnownDevice = await ownBrowser
      .post('/api/auth/login')
      .set('X-Forwarded-For', freshAddress())
      .send({ email, password: testPassword });
    expect(fromKnownDevice.status).toBe(200);
    // Its correct password ended the back-off for everyone.
    expect((await login({ email, password: testPassword })).status).toBe(200);
  });

  it('counts wrong two-factor codes against the account too', async () => {
    const account = await buildUserWithTwoFactor(t);
    const tempToken = await passwordStep(t, account.user.email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await verify({ tempToken, code: '00000000' })).status).toBe(401);
    }
    const blocked = await verify({ tempToken, code: await totpCode(account.secret) });
    expect(blocked.status).toBe(429);
  });

  it('counts parallel code guesses before checking them, so at most 5 are tried', async () => {
    const account = await buildUserWithTwoFactor(t);
    const tempToken = await passwordStep(t, account.user.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => verify({ tempToken, code: '00000000' })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it("clears the address's count for the account after a successful sign-in from it", async () => {
    const account = await buildUserWithTwoFactor(t);
    const address = freshAddress();
    const fail = () => login({ email: account.user.email, password: 'Wrong-password-1' }, address);
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await fail()).status).toBe(401);
    expect(
      (await login({ email: account.user.email, password: testPassword }, address)).status,
    ).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await fail()).status).toBe(401);
    expect((await fail()).status).toBe(429);
  });

  it('limits failures per address across accounts', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const response = await login(
        { email: `probe-${attempt}@example.test`, password: 'x' },
        address,
      );
      expect(response.status).toBe(401);
    }
    const account = await buildUserWithTwoFactor(t);
    expect(
      (await login({ email: account.user.email, password: testPassword }, address)).status,
    ).toBe(429);
    expect((await login({ email: account.user.email, password: testPassword })).status).toBe(200);
  });
});
