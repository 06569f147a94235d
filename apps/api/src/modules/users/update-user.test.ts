import { randomUUID } from 'node:crypto';
import { roleTemplates } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema';
import {
  auditEntriesOf,
  bearer,
  administrationTestSetup,
  storedUser,
} from '../../../test/builders';

const setup = administrationTestSetup();

const api = () => request(setup.t.app);

describe('PUT /api/users/{id} with the user form', () => {
  it('updates the profile and audits only the changed fields', async () => {
    const { user } = await setup.t.createUserWithToken({ role: 'sales' });
    const response = await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(setup.adminToken))
      .send({ ...formOf(user), fullName: 'Renamed Person', password: 'ignored-password' });

    expect(response.status).toBe(200);
    expect(response.body.data.user.fullName).toBe('Renamed Person');
    const row = await storedUser(setup.t, user.id);
    expect(row!.passwordHash).toBe(user.passwordHash);

    const [entry] = await auditEntriesOf(setup.t, user.id);
    expect(entry).toMatchObject({ action: 'user.updated' });
    expect(entry!.changes).toEqual({
      fullName: { before: user.fullName, after: 'Renamed Person' },
    });
  });

  it("gives a user the new role's template when the role changes", async () => {
    const { user } = await setup.t.createUserWithToken({ role: 'sales' });
    const response = await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(setup.adminToken))
      .send({ ...formOf(user), role: 'manager' });
    expect(response.status).toBe(200);
    expect(response.body.data.user.permissions).toEqual(roleTemplates.manager);
  });

  it('refuses an email another user has (409) and an unknown id (404)', async () => {
    const { user } = await setup.t.createUserWithToken();
    const { user: other } = await setup.t.createUserWithToken();
    const taken = await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(setup.superadminToken))
      .send({ ...formOf(user), email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Email already exists');

    const missing = await api()
      .put(`/api/users/${randomUUID()}`)
      .set(bearer(setup.adminToken))
      .send(formOf(user));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found');
  });

  it('answers the form messages for blank fields', async () => {
    const { user } = await setup.t.createUserWithToken();
    const response = await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(setup.adminToken))
      .send({ ...formOf(user), fullName: ' ', email: 'bad' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      fullName: 'Full name is required',
      email: 'Please enter a valid email address',
    });
  });

  it('keeps superadmin accounts and the superadmin role to superadmins (403)', async () => {
    const { user: superadmin } = await setup.t.createUserWithToken({ role: 'superadmin' });
    const { user: sales } = await setup.t.createUserWithToken();
    const editSuperadmin = await api()
      .put(`/api/users/${superadmin.id}`)
      .set(bearer(setup.adminToken))
      .send({ ...formOf(superadmin), fullName: 'Taken Over' });
    expect(editSuperadmin.status).toBe(403);
    const promote = await api()
      .put(`/api/users/${sales.id}`)
      .set(bearer(setup.adminToken))
      .send({ ...formOf(sales), role: 'superadmin' });
    expect(promote.status).toBe(403);
    expect((await storedUser(setup.t, sales.id))!.role).toBe('sales');
  });

  it("keeps another user's email, where resets are mailed, to superadmins (403)", async () => {
    for (const role of ['Admin', 'sales'] as const) {
      const { user: other } = await setup.t.createUserWithToken({ role });
      const moved = { ...formOf(other), email: `attacker-${randomUUID()}@example.test` };
      const byAdmin = await api()
        .put(`/api/users/${other.id}`)
        .set(bearer(setup.adminToken))
        .send(moved);
      expect(byAdmin.status).toBe(403);
      expect(byAdmin.body.message).toBe(
        "Only a superadmin can change another user's email address.",
      );
      expect((await storedUser(setup.t, other.id))!.email).toBe(other.email);
      const bySuperadmin = await api()
        .put(`/api/users/${other.id}`)
        .set(bearer(setup.superadminToken))
        .send(moved);
      expect(bySuperadmin.status).toBe(200);
    }
  });

  it('lets an Admin change their own email', async () => {
    const admin = await setup.t.createUserWithToken({ role: 'Admin' });
    const response = await api()
      .put(`/api/users/${admin.user.id}`)
      .set(bearer(admin.token))
      .send({ ...formOf(admin.user), email: `own-${randomUUID()}@example.test` });
    expect(response.status).toBe(200);
  });

  it('keeps the Admin role to superadmins: an Admin cannot promote a sales user (403)', async () => {
    const { user: sales } = await setup.t.createUserWithToken();
    const promote = await api()
      .put(`/api/users/${sales.id}`)
      .set(bearer(setup.adminToken))
      .send({ ...formOf(sales), role: 'Admin' });
    expect(promote.status).toBe(403);
    expect(promote.body.message).toBe('Only a superadmin can give the Admin or superadmin role.');
    expect((await storedUser(setup.t, sales.id))!.role).toBe('sales');
    const bySuperadmin = await api()
      .put(`/api/users/${sales.id}`)
      .set(bearer(setup.superadminToken))
      .send({ ...formOf(sales), role: 'Admin' });
    expect(bySuperadmin.status).toBe(200);
  });

  it('refuses to change one’s own role or status (403)', async () => {
    const admin = await setup.t.createUserWithToken({ role: 'Admin' });
    const response = await api()
      .put(`/api/users/${admin.user.id}`)
      .set(bearer(admin.token))
      .send({ ...formOf(admin.user), status: 'inactive' });
    expect(response.status).toBe(403);
  });

  it('refuses a role without users.edit, such as manager (403)', async () => {
    const { user } = await setup.t.createUserWithToken();
    const manager = await setup.t.createUserWithToken({ role: 'manager' });
    const response = await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(manager.token))
      .send(formOf(user));
    expect(response.status).toBe(403);
  });

  it("refuses a suspended user's existing token at once, for good, and revokes its sessions", async () => {
    const target = await setup.t.createUserWithToken({ role: 'sales' });
    await setup.t.database.db.insert(refreshTokens).values({
      userId: target.user.id,
      familyId: randomUUID(),
      tokenHash: randomUUID(),
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await api().get('/api/settings').set(bearer(target.token))).status).toBe(200);

    await api()
      .put(`/api/users/${target.user.id}`)
      .set(bearer(setup.superadminToken))
      .send({ ...formOf(target.user), status: 'suspended' })
      .expect(200);

    const refused = await api().get('/api/settings').set(bearer(target.token));
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('ACCOUNT_INACTIVE');
    const tokens = await setup.t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, target.user.id));
    expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);

    await api()
      .put(`/api/users/${target.user.id}`)
      .set(bearer(setup.superadminToken))
      .send({ ...formOf(target.user), status: 'active' })
      .expect(200);
    const reactivated = await api().get('/api/settings').set(bearer(target.token));
    expect(reactivated.status).toBe(401);
    expect(reactivated.body.error).toBe('UNAUTHENTICATED');
  });
});

describe('PUT /api/users/{id} with { permissions }', () => {
  it('stores the list and overrides, denied winning, and audits before and after', async () => {
    const { user } = await setup.t.createUserWithToken({ role: 'sales' });
    const response = await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(setup.superadminToken))
      .send({
        permissions: ['dashboard.view', 'clients.view', 'clients.edit'],
        customPermissions: { granted: ['reports.view', 'clients.view'], denied: ['clients.view'] },
      });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Permissions updated successfully');

    const read = await api().get(`/api/users/${user.id}/permissions`).set(bearer(setup.adminToken));
    expect(read.body.data.permissions.effectivePermissions).toEqual([
      'dashboard.view',
      'clients.edit',
      'reports.view',
    ]);

    const [entry] = await auditEntriesOf(setup.t, user.id);
    expect(entry).toMatchObject({
      action: 'user.permissions_updated',
      actorId: setup.superadminId,
    });
    expect(entry!.changes).toEqual({
      permissions: {
        before: roleTemplates.sales,
        after: ['dashboard.view', 'clients.view', 'clients.edit'],
      },
      customGranted: { before: [], after: ['clients.view', 'reports.view'] },
      customDenied: { before: [], after: ['clients.view'] },
    });
  });

  it('clears the overrides when only the checked set is sent, so the re-read matches it', async () => {
    const { user } = await setup.t.createUserWithToken({
      role: 'sales',
      customDenied: ['clients.view'],
    });
    const sent = ['dashboard.view', 'clients.view'];
    await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(setup.superadminToken))
      .send({ permissions: sent })
      .expect(200);
    const read = await api()
      .get(`/api/users/${user.id}/permissions`)
      .set(bearer(setup.superadminToken));
    expect(read.body.data.permissions.effectivePermissions).toEqual(sent);
  });

  it('needs permissions.manage: an Admin with users.edit is refused (403)', async () => {
    const { user } = await setup.t.createUserWithToken();
    const response = await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(setup.adminToken))
      .send({ permissions: ['dashboard.view'] });
    expect(response.status).toBe(403);
    expect((await storedUser(setup.t, user.id))!.permissions).toEqual(roleTemplates.sales);
  });

  it('refuses a key outside the catalogue (400) and an unknown user (404)', async () => {
    const { user } = await setup.t.createUserWithToken();
    const unknownKey = await api()
      .put(`/api/users/${user.id}`)
      .set(bearer(setup.superadminToken))
      .send({ permissions: ['everything.all'] });
    expect(unknownKey.status).toBe(400);
    expect(Object.keys(unknownKey.body.errors)).toEqual(['permissions.0']);
    const missing = await api()
      .put(`/api/users/${randomUUID()}`)
      .set(bearer(setup.superadminToken))
      .send({ permissions: [] });
    expect(missing.status).toBe(404);
  });
});

function formOf(user: typeof users.$inferSelect) {
  return {
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    status: user.status,
  };
}
