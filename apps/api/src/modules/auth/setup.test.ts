import {
  authSessionResponseSchema,
  hasSuperadminResponseSchema,
  setupResponseSchema,
  twoFactorSetupRequiredResponseSchema,
} from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backupCodes, oneTimeTokens, users } from '../../db/schema';
import {
  type TestContext,
  createTestContext,
  testPassword,
  totpCode,
} from '../../../test/builders';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const administrator = {
  name: 'Aisyah Rahman',
  email: 'Aisyah@Example.com',
  password: 'Str0ngPassword',
};
const register = (body: object) => request(t.app).post('/api/auth/register').send(body);
const setup2fa = (body: object) => request(t.app).post('/api/auth/setup-2fa').send(body);
const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

describe('first-run setup', () => {
  it('reports that no superadmin exists on a fresh server', async () => {
    const response = await request(t.app).get('/api/auth/has-superadmin');
    expect(hasSuperadminResponseSchema.parse(response.body)).toEqual({
      success: true,
      exists: false,
    });
  });

  it('refuses an incomplete account form with the spec messages (400)', async () => {
    const empty = await register({});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
    const badEmail = await register({ ...administrator, email: 'not-an-email' });
    expect(badEmail.body.errors).toEqual({ email: 'Please enter a valid email address' });
  });

  it.each([
    ['Sh0rt', 'Password must be at least 8 characters long'],
    ['NOLOWERCASE1', 'Password must contain at least one lowercase letter'],
    ['nouppercase1', 'Password must contain at least one uppercase letter'],
    ['NoDigitsHere', 'Password must contain at least one number'],
  ])('enforces the password rules on the server (%s)', async (password, message) => {
    const response = await register({ ...administrator, password });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: 'VALIDATION_ERROR',
      message,
      errors: { password: message },
    });
  });

  let setup: ReturnType<typeof setupResponseSchema.parse>;

  it('creates the superadmin with two-factor off and answers the setup data', async () => {
    const response = await register(administrator);
    expect(response.status).toBe(201);
    setup = setupResponseSchema.parse(response.body);
    expect(setup.qrCodeDataURL).toMatch(/^data:image\/png;base64,/);
    expect(setup.twoFASecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.backupCodes).toHaveLength(10);
    for (const code of setup.backupCodes) expect(code).toMatch(/^\d{8}$/);

    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'aisyah@example.com'));
    expect(user).toMatchObject({
      role: 'superadmin',
      fullName: 'Aisyah Rahman',
      twoFactorEnabled: false,
    });
    expect(user!.twoFactorSecret).not.toContain(setup.twoFASecret);
    const storedCodes = await t.database.db
      .select()
      .from(backupCodes)
      .where(eq(backupCodes.userId, user!.id));
    expect(storedCodes).toHaveLength(10);
    expect(storedCodes.map((row) => row.codeHash)).not.toContain(setup.backupCodes[0]);
    const exists = await request(t.app).get('/api/auth/has-superadmin');
    expect(exists.body.exists).toBe(true);
  });

  it('refuses a second registration once a superadmin exists (409), before hashing anything', async () => {
    const hash = vi.spyOn(t.ctx.passwords, 'hash');
    try {
      const response = await register({ ...administrator, email: 'second@example.com' });
      expect(response.status).toBe(409);
      expect(response.body.error).toBe('CONFLICT');
      expect(hash).not.toHaveBeenCalled();
    } finally {
      hash.mockRestore();
    }
  });

  it('asks for a 6-digit code and refuses a wrong one without activating (400)', async () => {
    const malformed = await setup2fa({ setupToken: setup.setupToken, code: '12345' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(
      'Please enter a valid 6-digit code from your authenticator app',
    );
    const wrong = await setup2fa({
      setupToken: setup.setupToken,
      code: wrongCode(await totpCode(setup.twoFASecret)),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      'Invalid verification code. Please check your authenticator app and try again.',
    );
    const [user] = await t.database.db.select().from(users).where(eq(users.role, 'superadmin'));
    expect(user!.twoFactorEnabled).toBe(false);
  });

  it('refuses an unknown setup token (401)', async () => {
    const response = await setup2fa({
      setupToken: 'unknown',
      code: await totpCode(setup.twoFASecret),
    });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Setup session expired. Please refresh and start over.');
  });

  it('activates two-factor with the first right code and starts a session', async () => {
    const response = await setup2fa({
      setupToken: setup.setupToken,
      code: await totpCode(setup.twoFASecret),
    });
    expect(response.status).toBe(200);
    const session = authSessionResponseSchema.parse(response.body);
    expect(session.user).toMatchObject({ role: 'superadmin', email: 'aisyah@example.com' });
    expect(session.user.permissions).toContain('permissions.manage');
    const validation = await request(t.app)
      .get('/api/auth/validate')
      .auth(session.token, { type: 'bearer' });
    expect(validation.status).toBe(200);

    const again = await setup2fa({
      setupToken: setup.setupToken,
      code: await totpCode(setup.twoFASecret, 1),
    });
    expect(again.status).toBe(401);
  });

  it('refuses an expired setup token (401)', async () => {
    const { user } = await t.createUserWithToken({ twoFactorEnabled: false });
    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ email: user.email, password: testPassword });
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const response = await setup2fa({
      setupToken: login.body.setupToken,
      code: await totpCode(login.body.twoFASecret),
    });
    expect(response.status).toBe(401);
  });
});

describe('staff two-factor setup at first sign-in', () => {
  it('refuses a session to an account whose setup is incomplete (403)', async () => {
    const { token } = await t.createUserWithToken({ twoFactorEnabled: false });
    const response = await request(t.app).get('/api/auth/validate').auth(token, { type: 'bearer' });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('TWO_FACTOR_SETUP_REQUIRED');
  });

  it('answers the setup data at sign-in, and setup-2fa completes it', async () => {
    const { user } = await t.createUserWithToken({ role: 'manager', twoFactorEnabled: false });
    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ email: user.email, password: testPassword });
    expect(login.status).toBe(200);
    const setup = twoFactorSetupRequiredResponseSchema.parse(login.body);
    expect(setup).toMatchObject({ requires2FA: false, requires2FASetup: true });
    expect(login.body).not.toHaveProperty('token');

    const response = await setup2fa({
      setupToken: setup.setupToken,
      code: await totpCode(setup.twoFASecret),
    });
    expect(response.status).toBe(200);
    expect(authSessionResponseSchema.parse(response.body).user).toMatchObject({
      id: user.id,
      role: 'manager',
    });

    const next = await request(t.app)
      .post('/api/auth/login')
      .send({ email: user.email, password: testPassword });
    expect(next.body).toMatchObject({ requires2FA: true, requiresTwoFactor: true });
  });

  it('lets only the newest setup token work when sign-in is repeated', async () => {
    const { user } = await t.createUserWithToken({ twoFactorEnabled: false });
    const signIn = () =>
      request(t.app).post('/api/auth/login').send({ email: user.email, password: testPassword });
    const first = (await signIn()).body;
    const second = (await signIn()).body;
    const stale = await setup2fa({
      setupToken: first.setupToken,
      code: await totpCode(second.twoFASecret),
    });
    expect(stale.status).toBe(401);
    const fresh = await setup2fa({
      setupToken: second.setupToken,
      code: await totpCode(second.twoFASecret),
    });
    expect(fresh.status).toBe(200);
  });
});
