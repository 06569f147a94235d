import { and, eq, isNotNull } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, refreshTokens } from '../../db/schema';
import { hashOpaqueToken } from '../../security/opaque-token';
import {
  type TestContext,
  bearer,
  buildUserWithTwoFactor,
  createTestContext,
  freshAddress,
  testPassword,
  totpCode,
} from '../../../test/builders';

let t: TestContext;
let auditor: string;
beforeAll(async () => {
  t = await createTestContext();
  auditor = await t.signIn('superadmin');
});
afterAll(() => t.close());

interface Entry {
  action: string;
  entityType: string;
  entityId: string;
  entityLabel: string | null;
  actionLabel: string;
  actor: { id: string } | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  requestId: string | null;
}

/** The trail of one entity, newest first, as the audit screen reads it. */
async function trailOf(entityType: string, entityId: string): Promise<Entry[]> {
  const response = await request(t.app)
    .get('/api/audit')
    .query({ entityType, entityId })
    .set(bearer(auditor))
    .expect(200);
  return response.body.data.entries;
}

const post = (path: string, body: object, address: string) =>
  request(t.app).post(`/api/auth/${path}`).set('X-Forwarded-For', address).send(body);

/** Both sign-in steps from `address` (a code `stepOffset` steps away); answers the session. */
async function signInFrom(
  account: { user: { email: string }; secret: string },
  address: string,
  stepOffset = 0,
) {
  const login = await post('login', { email: account.user.email, password: testPassword }, address);
  expect(login.status).toBe(200);
  const code = await totpCode(account.secret, stepOffset);
  const verified = await post('verify-2fa', { tempToken: login.body.tempToken, code }, address);
  expect(verified.status).toBe(200);
  return {
    ...(verified.body as { token: string; refreshToken: string }),
    requestId: verified.headers['x-request-id'] as string,
  };
}

describe('the audit trail of sign-ins and sessions', () => {
  it('records a sign-in with the account as actor and the address it came from', async () => {
    const account = await buildUserWithTwoFactor(t);
    const address = freshAddress();
    const session = await signInFrom(account, address);
    const [entry] = await trailOf('session', account.user.id);
    expect(entry).toMatchObject({
      requestId: session.requestId,
      action: 'session.signed_in',
      actionLabel: 'Signed in',
      actor: { id: account.user.id },
      entityLabel: account.user.fullName,
      changes: {
        address: { before: null, after: address },
        email: { before: null, after: account.user.email },
      },
    });
  });

  it('records refused sign-ins with the reason and the address, never the password or code', async () => {
    const account = await buildUserWithTwoFactor(t);
    const address = freshAddress();
    const refused = await post(
      'login',
      { email: account.user.email, password: 'Wrong-password-9' },
      address,
    ).expect(401);
    const login = await post(
      'login',
      { email: account.user.email, password: testPassword },
      address,
    ).expect(200);
    await post('verify-2fa', { tempToken: login.body.tempToken, code: '000000' }, address).expect(
      401,
    );
    const entries = await trailOf('session', account.user.id);
    expect(entries.map((entry) => [entry.action, entry.changes.reason?.after])).toEqual([
      ['session.sign_in_failed', 'wrong_code'],
      ['session.sign_in_failed', 'wrong_password'],
    ]);
    // Recorded before anyone is signed in, yet with the request each came in.
    expect(entries[1]?.requestId).toBe(refused.headers['x-request-id']);
    for (const entry of entries) {
      expect(entry.actor).toBeNull();
      expect(entry.changes.address?.after).toBe(address);
      expect(JSON.stringify(entry)).not.toContain('Wrong-password-9');
    }

    await post('login', { email: 'Nobody@Example.test', password: testPassword }, address).expect(
      401,
    );
    const [unknown] = await trailOf('session', 'nobody@example.test');
    expect(unknown).toMatchObject({
      action: 'session.sign_in_failed',
      entityLabel: 'nobody@example.test',
      changes: { reason: { after: 'unknown_account' }, address: { after: address } },
    });
  });

  it('records a suspended account refused at sign-in', async () => {
    const account = await buildUserWithTwoFactor(t, { status: 'suspended' });
    await post('login', { email: account.user.email, password: testPassword }, freshAddress());
    const [entry] = await trailOf('session', account.user.id);
    expect(entry?.changes.reason?.after).toBe('account_inactive');
  });

  it('records a sign-out by the user and a session the server revoked (refresh token reused)', async () => {
    const account = await buildUserWithTwoFactor(t);
    const first = await signInFrom(account, freshAddress());
    await request(t.app)
      .post('/api/auth/logout')
      .set(bearer(first.token))
      .send({ refreshToken: first.refreshToken })
      .expect(200);
    // Each authenticator step is accepted once: the second sign-in uses the next one.
    const second = await signInFrom(account, freshAddress(), 1);
    await request(t.app)
      .post('/api/auth/refresh')
      .send({ refreshToken: second.refreshToken })
      .expect(200);
    // The rotation is moved back past the reuse grace: presenting the old token again is theft.
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(and(eq(refreshTokens.userId, account.user.id), isNotNull(refreshTokens.replacedById)));
    await request(t.app)
      .post('/api/auth/refresh')
      .send({ refreshToken: second.refreshToken })
      .expect(401);

    const entries = await trailOf('session', account.user.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'session.revoked',
      'session.signed_in',
      'session.signed_out',
      'session.signed_in',
    ]);
    expect(entries[0]).toMatchObject({
      actor: null,
      changes: { reason: { after: 'refresh_token_reused' }, state: { after: 'ended' } },
    });
    expect(entries[2]?.actor).toEqual(expect.objectContaining({ id: account.user.id }));
  });
});

describe('the audit trail of credentials', () => {
  it('records two-factor set up at sign-in, with the address', async () => {
    const { user } = await t.createUserWithToken({ role: 'manager', twoFactorEnabled: false });
    const address = freshAddress();
    const login = await post('login', { email: user.email, password: testPassword }, address);
    const code = await totpCode(login.body.twoFASecret);
    const setUp = await post('setup-2fa', { setupToken: login.body.setupToken, code }, address);
    expect(setUp.status).toBe(200);
    const [entry] = await trailOf('user', user.id);
    expect(entry).toMatchObject({
      requestId: setUp.headers['x-request-id'],
      action: 'user.two_factor_enabled',
      actor: { id: user.id },
      changes: {
        twoFactorEnabled: { before: false, after: true },
        address: { before: null, after: address },
      },
    });
    expect((await trailOf('session', user.id))[0]?.action).toBe('session.signed_in');
  });

  it('records a password reset with a mailed link, without the password', async () => {
    const account = await buildUserWithTwoFactor(t);
    const token = 'reset-token-for-the-audit-test';
    await t.database.db.insert(oneTimeTokens).values({
      userId: account.user.id,
      purpose: 'password_reset',
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const address = freshAddress();
    const reset = await post('set-password', { token, password: 'Brand-new-Passw0rd' }, address);
    expect(reset.status).toBe(200);
    const [entry] = await trailOf('user', account.user.id);
    expect(entry).toMatchObject({
      requestId: reset.headers['x-request-id'],
      action: 'user.password_reset',
      actor: { id: account.user.id },
      changes: { address: { after: address }, passwordSetWith: { after: 'reset link' } },
    });
    expect(JSON.stringify(entry)).not.toContain('Brand-new-Passw0rd');
  });

  it('records an emergency recovery (two-factor off) by the administrator it recovers', async () => {
    const account = await buildUserWithTwoFactor(t, { role: 'Admin' });
    const requested = await post(
      'emergency-recovery-request',
      { email: account.user.email },
      freshAddress(),
    ).expect(200);
    await post(
      'emergency-recovery-execute',
      { token: requested.body.emergencyToken, newPassword: 'Recovered-Passw0rd' },
      freshAddress(),
    ).expect(200);
    const [entry] = await trailOf('user', account.user.id);
    expect(entry).toMatchObject({
      action: 'user.emergency_recovered',
      actor: { id: account.user.id },
      changes: { twoFactorEnabled: { before: true, after: false } },
    });
  });

  it('shows sign-ins to readers of users only (users.view)', async () => {
    const manager = await t.signIn('manager');
    const sales = await t.signIn('sales');
    await request(t.app)
      .get('/api/audit')
      .query({ entityType: 'session' })
      .set(bearer(manager))
      .expect(200);
    await request(t.app)
      .get('/api/audit')
      .query({ entityType: 'session' })
      .set(bearer(sales))
      .expect(403);
  });
});
