import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { administrationTestSetup, auditEntriesOf, bearer } from '../../../test/builders';
import { mailOutbox, users } from '../../db/schema';

const setup = administrationTestSetup();
const api = () => request(setup.t.app);

describe('POST /api/users/{id}/reset-2fa', () => {
  it("turns the user's two-factor off, audited", async () => {
    const { user } = await setup.t.createUserWithToken({ role: 'sales', fullName: 'Guard Lead' });
    const response = await api()
      .post(`/api/users/${user.id}/reset-2fa`)
      .set(bearer(setup.superadminToken))
      .expect(200);
    expect(response.body.message).toBe(
      'Two-factor authentication was reset. Guard Lead sets it up again at the next sign-in.',
    );
    const [row] = await setup.t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
    const [entry] = await auditEntriesOf(setup.t, user.id);
    expect(entry).toMatchObject({ action: 'user.two_factor_reset' });
    // The user's open consoles hear of it at once.
    expect(setup.t.published).toContainEqual({
      event: 'accountChanged',
      payload: { userId: user.id },
    });
  });

  it('is for a superadmin, never on their own account, and 404 for an unknown user', async () => {
    const { user } = await setup.t.createUserWithToken({ role: 'sales' });
    const refused = await api()
      .post(`/api/users/${user.id}/reset-2fa`)
      .set(bearer(setup.adminToken))
      .expect(403);
    expect(refused.body.message).toBe(
      "Only a superadmin can reset another user's password or two-factor.",
    );
    await api()
      .post(`/api/users/${setup.superadminId}/reset-2fa`)
      .set(bearer(setup.superadminToken))
      .expect(403);
    await api()
      .post('/api/users/00000000-0000-4000-8000-000000000000/reset-2fa')
      .set(bearer(setup.superadminToken))
      .expect(404);
    await api().post('/api/users/nope/reset-2fa').set(bearer(setup.superadminToken)).expect(400);
  });
});

describe('POST /api/users/{id}/password-reset', () => {
  it('mails the reset link naming the administrator, and audits it', async () => {
    const { user } = await setup.t.createUserWithToken({ role: 'sales' });
    const response = await api()
      .post(`/api/users/${user.id}/password-reset`)
      .set(bearer(setup.superadminToken))
      .expect(200);
    expect(response.body.message).toBe(
      `A password reset link was sent to ${user.email}. The user has been signed out everywhere.`,
    );
    await vi.waitFor(async () => {
      const [mail] = await setup.t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, user.email));
      expect(mail?.text).toMatch(/an administrator, asked for a password reset/);
      expect(mail?.text).toMatch(/\/recovery\?token=/);
    });
    const [entry] = await auditEntriesOf(setup.t, user.id);
    expect(entry).toMatchObject({ action: 'user.password_reset_sent' });
  });

  it('refuses an inactive account (409), an Admin (403) and an unknown user (404)', async () => {
    const { user } = await setup.t.createUserWithToken({ role: 'sales', status: 'suspended' });
    await api()
      .post(`/api/users/${user.id}/password-reset`)
      .set(bearer(setup.superadminToken))
      .expect(409);
    await api()
      .post(`/api/users/${user.id}/password-reset`)
      .set(bearer(setup.adminToken))
      .expect(403);
    await api()
      .post('/api/users/00000000-0000-4000-8000-000000000000/password-reset')
      .set(bearer(setup.superadminToken))
      .expect(404);
  });
});
