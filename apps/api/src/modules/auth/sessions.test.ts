import { refreshResponseSchema, validateResponseSchema } from '@patrol/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema';
import { signAccessToken } from '../../http/access-token';
import { hashOpaqueToken } from '../../security/opaque-token';
import {
  type TestContext,
  buildUserWithTwoFactor,
  createTestContext,
  signInWithTotp,
  untilNextSecond,
} from '../../../test/builders';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The session (family) a refresh token belongs to. */
async function familyOf(refreshToken: string): Promise<string> {
  const [row] = await t.database.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
  return row!.familyId;
}

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

  /** Moves the rotation of `refreshToken`'s row back past the reuse grace window. */
  const rotatedLongAgo = (userId: string) =>
    t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.userId, userId));

  it('revokes the whole family when a rotated token is presented again later (401)', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const rotated = (await refresh(session.refreshToken)).body;
    await rotatedLongAgo(account.user.id);
    const reuse = await refresh(session.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error).toBe('UNAUTHENTICATED');
    expect((await refresh(rotated.refreshToken)).status).toBe(401);
    // The session's access tokens end with it.
    const validation = await request(t.app)
      .get('/api/auth/validate')
      .auth(rotated.token, { type: 'bearer' });
    expect(validation.status).toBe(401);
  });

  it('answers refreshes spent at once with one new session chain: the same new refresh token', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refresh(session.refreshToken)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const issued = new Set(answers.map((answer) => answer.body.refreshToken as string));
    expect(issued.size).toBe(1);
    const live = await t.database.db
      .select()
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.familyId, await familyOf(session.refreshToken)),
          isNull(refreshTokens.revokedAt),
        ),
      );
    expect(live).toHaveLength(1);
    expect(live[0]!.tokenHash).toBe(hashOpaqueToken([...issued][0]!));
  });

  it('answers a twin that comes after the successor was itself rotated with the live end of the chain', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const first = (await refresh(session.refreshToken)).body.refreshToken as string;
    const second = (await refresh(first)).body.refreshToken as string;
    const late = await refresh(session.refreshToken).expect(200);
    expect(late.body.refreshToken).toBe(second);
    expect((await refresh(second)).status).toBe(200);
  });

  it('lets two tabs refresh with the same token at once: both get a working pair', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const [first, second] = await Promise.all([
      refresh(session.refreshToken),
      refresh(session.refreshToken),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    for (const pair of [first.body, second.body]) {
      const validation = await request(t.app)
        .get('/api/auth/validate')
        .auth(pair.token, { type: 'bearer' });
      expect(validation.status).toBe(200);
      expect((await refresh(pair.refreshToken)).status).toBe(200);
    }
  });

  it('leaves the other sessions of the user alone when one family is revoked', async () => {
    const account = await buildUserWithTwoFactor(t);
    const first = await signInWithTotp(t, account);
    const second = await signInWithTotp(t, account, 1);
    await refresh(first.refreshToken);
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.familyId, await familyOf(first.refreshToken)));
    expect((await refresh(first.refreshToken)).status).toBe(401);
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

  it("ends the session's access token at once, not when it expires", async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const validate = () =>
      request(t.app).get('/api/auth/validate').auth(session.token, { type: 'bearer' });
    expect((await validate()).status).toBe(200);
    await request(t.app)
      .post('/api/auth/logout')
      .send({ refreshToken: session.refreshToken })
      .expect(200);
    expect((await validate()).status).toBe(401);
  });

  it("signs out the bearer's own session when no refresh token is sent, not the others", async () => {
    const account = await buildUserWithTwoFactor(t);
    const first = await signInWithTotp(t, account);
    const second = await signInWithTotp(t, account, 1);
    const response = await request(t.app)
      .post('/api/auth/logout')
      .auth(first.token, { type: 'bearer' })
      .send({});
    expect(response.status).toBe(200);
    expect((await refresh(first.refreshToken)).status).toBe(401);
    const other = await request(t.app)
      .get('/api/auth/validate')
      .auth(second.token, { type: 'bearer' });
    expect(other.status).toBe(200);
  });

  it('signs out every session of a bearer whose token names no session', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const outsider = signAccessToken(t.ctx.config.jwtSecret, account.user.id);
    await untilNextSecond();
    await request(t.app)
      .post('/api/auth/logout')
      .auth(outsider, { type: 'bearer' })
      .send({})
      .expect(200);
    expect((await refresh(session.refreshToken)).status).toBe(401);
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
