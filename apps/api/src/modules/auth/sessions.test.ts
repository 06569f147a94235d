import { refreshResponseSchema, validateResponseSchema } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema';
import {
  type TestContext,
  buildUserWithTwoFactor,
  createTestContext,
  signInWithTotp,
} from '../../../test/builders';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const refresh = (refreshToken?: string) =>
  request(t.app)
    .post('/api/auth/refresh')
    .send(refreshToken === undefined ? {} : { refreshToken });

describe('POST /api/auth/refresh', () => {
  it('rotates: a new access token and a new refresh token, the old one marked replaced', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const response = await refresh(session.refreshToken);
    expect(response.status).toBe(200);
    const rotated = refreshResponseSchema.parse(response.body);
    expect(rotated.refreshToken).not.toBe(session.refreshToken);
    const validation = await request(t.app)
      .get('/api/auth/validate')
      .auth(rotated.token, { type: 'bearer' });
    expect(validation.status).toBe(200);

    const rows = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, account.user.id));
    expect(rows).toHaveLength(2);
    const [old, current] = rows[0]!.replacedById ? [rows[0]!, rows[1]!] : [rows[1]!, rows[0]!];
    expect(old.replacedById).toBe(current.id);
    expect(current.familyId).toBe(old.familyId);
    expect(current.revokedAt).toBeNull();
  });

  it('revokes the whole family when a rotated token is presented again (401)', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const rotated = (await refresh(session.refreshToken)).body;
    const reuse = await refresh(session.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error).toBe('UNAUTHENTICATED');
    expect((await refresh(rotated.refreshToken)).status).toBe(401);
  });

  it('leaves the other sessions of the user alone when one family is revoked', async () => {
    const account = await buildUserWithTwoFactor(t);
    const first = await signInWithTotp(t, account);
    const second = await signInWithTotp(t, account, 1);
    await refresh(first.refreshToken);
    await refresh(first.refreshToken);
    expect((await refresh(second.refreshToken)).status).toBe(200);
  });

  it('asks for the token and refuses an unknown one', async () => {
    const missing = await refresh();
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ refreshToken: 'Refresh token is required' });
    expect((await refresh('not-a-token')).status).toBe(401);
  });

  it('refuses an expired refresh token (401)', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, account.user.id));
    expect((await refresh(session.refreshToken)).status).toBe(401);
  });

  it('ends the sessions of an account that was deactivated', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    await t.database.db
      .update(users)
      .set({ status: 'inactive' })
      .where(eq(users.id, account.user.id));
    const response = await refresh(session.refreshToken);
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('ACCOUNT_INACTIVE');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the family of the refresh token in the body', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const response = await request(t.app)
      .post('/api/auth/logout')
      .send({ refreshToken: session.refreshToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Logged out successfully' });
    expect((await refresh(session.refreshToken)).status).toBe(401);
  });

  it('revokes every session of the bearer when no refresh token is sent', async () => {
    const account = await buildUserWithTwoFactor(t);
    const first = await signInWithTotp(t, account);
    const second = await signInWithTotp(t, account, 1);
    const response = await request(t.app)
      .post('/api/auth/logout')
      .auth(first.token, { type: 'bearer' })
      .send({});
    expect(response.status).toBe(200);
    expect((await refresh(first.refreshToken)).status).toBe(401);
    expect((await refresh(second.refreshToken)).status).toBe(401);
  });
});

describe('GET /api/auth/validate', () => {
  it('answers the signed-in user', async () => {
    const { user, token } = await t.createUserWithToken({
      role: 'accounts',
      customGranted: ['reports.export'],
    });
    const response = await request(t.app).get('/api/auth/validate').auth(token, { type: 'bearer' });
    expect(response.status).toBe(200);
    const body = validateResponseSchema.parse(response.body);
    expect(body.user).toMatchObject({ id: user.id, role: 'accounts' });
    expect(body.user.permissions).toContain('reports.export');
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('refuses a request without a token (401)', async () => {
    const response = await request(t.app).get('/api/auth/validate');
    expect(response.status).toBe(401);
  });
});
