import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCodes, users } from '../../db/schema';
import { createSuperadmin, resetTwoFactor } from './operator.service';
import {
  type TestContext,
  buildUserWithTwoFactor,
  createTestContext,
  signInWithTotp,
  testPassword,
} from '../../../test/builders';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  request(t.app).post('/api/auth/login').send({ email, password });

describe('create-superadmin', () => {
  it('creates a superadmin who sets up two-factor at the first sign-in', async () => {
    const outcome = await createSuperadmin(t.ctx, {
      email: 'Owner@Example.com',
      name: 'Owner',
      password: 'Owner-Passw0rd',
    });
    expect(outcome).toContain('owner@example.com');
    const response = await login('owner@example.com', 'Owner-Passw0rd');
    expect(response.body).toMatchObject({ requires2FASetup: true });
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'owner@example.com'));
    expect(user).toMatchObject({ role: 'superadmin', username: 'owner', twoFactorEnabled: false });
  });

  it('refuses while a superadmin exists unless forced, and never reuses an email', async () => {
    const deps = t.ctx;
    const input = { email: 'owner@another.com', name: 'Second Owner', password: 'Owner-Passw0rd' };
    await expect(createSuperadmin(deps, input)).rejects.toThrow('A superadmin already exists');
    await createSuperadmin(deps, { ...input, force: true });
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'owner@another.com'));
    expect(user!.username).toBe('owner2');
    await expect(createSuperadmin(deps, { ...input, force: true })).rejects.toThrow(
      'already exists',
    );
  });

  it('applies the password rules of the setup form', async () => {
    await expect(
      createSuperadmin(t.ctx, {
        email: 'x@example.com',
        name: 'X',
        password: 'weak',
        force: true,
      }),
    ).rejects.toThrow('Password must be at least 8 characters long');
  });
});

describe('reset-2fa', () => {
  it('clears two-factor and ends every session, so that the next sign-in goes through setup', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const outcome = await resetTwoFactor(t.ctx, account.user.email.toUpperCase());
    expect(outcome).toContain(account.user.email);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(user).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
    expect(
      await t.database.db.select().from(backupCodes).where(eq(backupCodes.userId, user!.id)),
    ).toHaveLength(0);
    expect((await login(account.user.email, testPassword)).body.requires2FASetup).toBe(true);
    const stale = await request(t.app)
      .get('/api/auth/validate')
      .auth(session.token, { type: 'bearer' });
    expect(stale.status).toBe(401);
    expect(stale.body.error).toBe('UNAUTHENTICATED');
  });

  it('names an unknown email', async () => {
    await expect(resetTwoFactor(t.ctx, 'ghost@example.com')).rejects.toThrow(
      'No account has the email ghost@example.com.',
    );
  });
});
