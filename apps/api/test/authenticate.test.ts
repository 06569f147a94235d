import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { moduleRoutes } from '../src/app';
import { users } from '../src/db/schema';
import { signAccessToken } from '../src/http/access-token';
import { defineRoute } from '../src/http/route';
import { createTestContext, type TestContext } from './test-context';

const guardedRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/test/me',
    summary: 'Any signed-in user',
    tags: ['test'],
    access: 'authenticated',
    response: z.object({ id: z.string(), role: z.string() }),
    handler: ({ user }) => ({ id: user.id, role: user.role }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/test/clients',
    summary: 'Needs clients.view',
    tags: ['test'],
    access: { permissions: ['clients.view'] },
    response: z.object({ success: z.literal(true) }),
    handler: () => ({ success: true as const }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/test/billing',
    summary: 'Needs every billing view permission',
    tags: ['test'],
    access: { permissions: ['quotations.view', 'reports.view'], mode: 'all' },
    response: z.object({ success: z.literal(true) }),
    handler: () => ({ success: true as const }),
  }),
];

describe('authentication and permission guard', () => {
  let test: TestContext;
  beforeAll(async () => {
    test = await createTestContext({ routes: [...moduleRoutes, ...guardedRoutes] });
  });
  afterAll(() => test.close());

  const unauthenticated = {
    success: false,
    error: 'UNAUTHENTICATED',
    message: 'Authentication required. Please log in again.',
  };

  it('refuses a request without a token (401)', async () => {
    const response = await request(test.app).get('/api/test/me').expect(401);
    expect(response.body).toEqual(unauthenticated);
  });

  it('refuses a malformed or forged token (401)', async () => {
    const { user } = await test.createUserWithToken();
    await request(test.app)
      .get('/api/test/me')
      .set('Authorization', 'Bearer not-a-jwt')
      .expect(401);
    const forged = signAccessToken('another-secret-that-is-long-enough!!', user.id);
    const response = await request(test.app)
      .get('/api/test/me')
      .auth(forged, { type: 'bearer' })
      .expect(401);
    expect(response.body).toEqual(unauthenticated);
  });

  it('refuses an expired token (401)', async () => {
    const { user } = await test.createUserWithToken();
    const expired = jwt.sign(
      { typ: 'access', exp: Math.floor(Date.now() / 1000) - 60 },
      test.ctx.config.jwtSecret,
      { subject: user.id },
    );
    await request(test.app).get('/api/test/me').auth(expired, { type: 'bearer' }).expect(401);
  });

  it('refuses a token of another type, such as a two-factor step token (401)', async () => {
    const { user } = await test.createUserWithToken();
    const stepToken = jwt.sign({ typ: '2fa' }, test.ctx.config.jwtSecret, { subject: user.id });
    await request(test.app).get('/api/test/me').auth(stepToken, { type: 'bearer' }).expect(401);
  });

  it("refuses a token issued up to the second its user's sessions were ended (401)", async () => {
    const { user } = await test.createUserWithToken();
    const tokenIssuedAt = (iat: number) =>
      jwt.sign({ typ: 'access', iat }, test.ctx.config.jwtSecret, {
        subject: user.id,
        expiresIn: '15m',
      });
    const statusOf = async (iat: number) =>
      (await request(test.app).get('/api/test/me').auth(tokenIssuedAt(iat), { type: 'bearer' }))
        .status;
    const second = Math.floor(Date.now() / 1000) - 60;
    // Mid-second and on the second's first millisecond: iat cannot tell which side of the change
    // a token of that second is on, so it is refused either way.
    for (const endedAt of [second * 1000 + 400, second * 1000]) {
      await test.database.db
        .update(users)
        .set({ sessionsValidAfter: new Date(endedAt) })
        .where(eq(users.id, user.id));
      expect(await statusOf(second - 1)).toBe(401);
      expect(await statusOf(second)).toBe(401);
      expect(await statusOf(second + 1)).toBe(200);
    }
    const refused = await request(test.app)
      .get('/api/test/me')
      .auth(tokenIssuedAt(second), { type: 'bearer' });
    expect(refused.body).toEqual(unauthenticated);
  });

  it('refuses an inactive or suspended user (401 ACCOUNT_INACTIVE)', async () => {
    for (const status of ['inactive', 'suspended'] as const) {
      const { token } = await test.createUserWithToken({ status });
      const response = await request(test.app)
        .get('/api/test/me')
        .auth(token, { type: 'bearer' })
        .expect(401);
      expect(response.body).toMatchObject({ success: false, error: 'ACCOUNT_INACTIVE' });
    }
  });

  it('refuses a user who has not set up two-factor authentication (403)', async () => {
    const { token } = await test.createUserWithToken({ twoFactorEnabled: false });
    const response = await request(test.app)
      .get('/api/test/me')
      .auth(token, { type: 'bearer' })
      .expect(403);
    expect(response.body).toMatchObject({ success: false, error: 'TWO_FACTOR_SETUP_REQUIRED' });
  });

  it('lets an active user with two-factor through and hands the handler the user', async () => {
    const { user, token } = await test.createUserWithToken({ role: 'manager' });
    const response = await request(test.app)
      .get('/api/test/me')
      .auth(token, { type: 'bearer' })
      .expect(200);
    expect(response.body).toEqual({ id: user.id, role: 'manager' });
  });

  it('refuses a user without the permission (403 FORBIDDEN)', async () => {
    const { token } = await test.createUserWithToken({ permissions: ['dashboard.view'] });
    const response = await request(test.app)
      .get('/api/test/clients')
      .auth(token, { type: 'bearer' })
      .expect(403);
    expect(response.body).toEqual({
      success: false,
      error: 'FORBIDDEN',
      message: 'You do not have permission to perform this action.',
    });
  });

  it('allows a user holding the permission (200)', async () => {
    const { token } = await test.createUserWithToken({ permissions: ['clients.view'] });
    await request(test.app).get('/api/test/clients').auth(token, { type: 'bearer' }).expect(200);
  });

  it('applies custom overrides: a denied key refuses, a granted key allows', async () => {
    const denied = await test.createUserWithToken({
      permissions: ['clients.view'],
      customDenied: ['clients.view'],
    });
    await request(test.app)
      .get('/api/test/clients')
      .auth(denied.token, { type: 'bearer' })
      .expect(403);
    const granted = await test.createUserWithToken({
      permissions: [],
      customGranted: ['clients.view'],
    });
    await request(test.app)
      .get('/api/test/clients')
      .auth(granted.token, { type: 'bearer' })
      .expect(200);
  });

  it("requires every permission when the route's mode is 'all'", async () => {
    const partial = await test.createUserWithToken({ permissions: ['quotations.view'] });
    await request(test.app)
      .get('/api/test/billing')
      .auth(partial.token, { type: 'bearer' })
      .expect(403);
    const full = await test.createUserWithToken({
      permissions: ['quotations.view', 'reports.view'],
    });
    await request(test.app)
      .get('/api/test/billing')
      .auth(full.token, { type: 'bearer' })
      .expect(200);
  });

  it('lets superadmin through whatever its stored list says', async () => {
    const { token } = await test.createUserWithToken({ role: 'superadmin', permissions: [] });
    await request(test.app).get('/api/test/clients').auth(token, { type: 'bearer' }).expect(200);
  });
});
