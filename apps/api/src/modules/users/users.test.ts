import { randomUUID } from 'node:crypto';
import { listUsersResponseSchema, roleTemplates, userResponseSchema } from '@patrol/contracts';
import bcrypt from 'bcrypt';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  auditEntriesOf,
  bearer,
  buildUserForm,
  administrationTestSetup,
  storedUser,
} from '../../../test/builders';

const setup = administrationTestSetup();

const api = () => request(setup.t.app);

describe('GET /api/users', () => {
  it('lists users in data.users without password hashes or two-factor secrets', async () => {
    const { user } = await setup.t.createUserWithToken({ role: 'sales' });
    await setup.t.database.db
      .update(users)
      .set({ twoFactorSecret: 'sealed-secret' })
      .where(eq(users.id, user.id));

    const response = await api()
      .get('/api/users')
      .set(bearer(setup.adminToken))
      .query({ limit: 100 });

    expect(response.status).toBe(200);
    const body = listUsersResponseSchema.parse(response.body);
    const listed = body.data.users.find((candidate) => candidate.id === user.id);
    expect(listed).toMatchObject({
      username: user.username,
      role: 'sales',
      lastLogin: null,
      // Whether two-factor is set up, never its secret.
      twoFactorEnabled: true,
    });
    expect(response.text).not.toMatch(/passwordHash|twoFactorSecret|sealed-secret|\$2[aby]\$/);
  });

  it('searches by name, username or email and pages the result', async () => {
    const marker = randomUUID().slice(0, 6);
    for (const name of ['Alpha', 'Beta']) {
      await api()
        .post('/api/users')
        .set(bearer(setup.superadminToken))
        .send(buildUserForm({ fullName: `${name} ${marker}` }))
        .expect(201);
    }
    const page = await api()
      .get('/api/users')
      .set(bearer(setup.adminToken))
      .query({ search: marker, limit: 1, sortBy: 'fullName', sortOrder: 'asc' });
    expect(page.status).toBe(200);
    expect(page.body.data.users.map((user: { fullName: string }) => user.fullName)).toEqual([
      `Alpha ${marker}`,
    ]);
    expect(page.body.data.pagination).toMatchObject({
      totalCount: 2,
      totalPages: 2,
      hasNext: true,
    });
  });

  it('lets a manager (users.view) read the list and refuses sales (403)', async () => {
    const manager = await setup.t.createUserWithToken({ role: 'manager' });
    const sales = await setup.t.createUserWithToken({ role: 'sales' });
    expect((await api().get('/api/users').set(bearer(manager.token))).status).toBe(200);
    const refused = await api().get('/api/users').set(bearer(sales.token));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: 'FORBIDDEN' });
  });

  it('refuses a request without a token (401)', async () => {
    expect((await api().get('/api/users')).status).toBe(401);
  });
});

describe('POST /api/users', () => {
  it('creates a user with its role template, a bcrypt hash and an audit entry', async () => {
    const form = buildUserForm({ role: 'accounts', email: 'New.Person@Example.TEST' });
    const response = await api().post('/api/users').set(bearer(setup.superadminToken)).send(form);

    expect(response.status).toBe(201);
    const { data } = userResponseSchema.parse(response.body);
    expect(data.user).toMatchObject({
      username: form.username,
      email: 'new.person@example.test',
      role: 'accounts',
      status: 'active',
      permissions: roleTemplates.accounts,
      customPermissions: { granted: [], denied: [] },
    });
    expect(response.text).not.toContain(form.password);
    const row = await storedUser(setup.t, data.user.id);
    expect(await bcrypt.compare(form.password, row!.passwordHash)).toBe(true);

    const [entry] = await auditEntriesOf(setup.t, data.user.id);
    expect(entry).toMatchObject({
      action: 'user.created',
      entityType: 'user',
      actorId: setup.superadminId,
      requestId: response.headers['x-request-id'],
    });
    expect(entry!.changes).toMatchObject({ username: { before: null, after: form.username } });
    expect(JSON.stringify(entry!.changes)).not.toMatch(/password/i);
  });

  it('refuses everyone but a superadmin, even an Admin holding users.create (403)', async () => {
    const response = await api()
      .post('/api/users')
      .set(bearer(setup.adminToken))
      .send(buildUserForm());
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('FORBIDDEN');
  });

  it("answers the user form's messages for missing fields", async () => {
    const response = await api().post('/api/users').set(bearer(setup.superadminToken)).send({});
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({
      fullName: 'Full name is required',
      email: 'Email is required',
      username: 'Username is required',
      password: 'Password is required for new users',
    });
  });

  it('refuses a short password and a malformed email with the spec messages', async () => {
    const response = await api()
      .post('/api/users')
      .set(bearer(setup.superadminToken))
      .send(buildUserForm({ password: '12345', email: 'not-an-address' }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({
      password: 'Password must be at least 6 characters long',
      email: 'Please enter a valid email address',
    });
  });

  it('refuses a username taken in another case and a taken email (409)', async () => {
    const existing = buildUserForm();
    await api().post('/api/users').set(bearer(setup.superadminToken)).send(existing).expect(201);

    const sameUsername = await api()
      .post('/api/users')
      .set(bearer(setup.superadminToken))
      .send(buildUserForm({ username: existing.username.toUpperCase() }));
    expect(sameUsername.status).toBe(409);
    expect(sameUsername.body).toMatchObject({
      error: 'CONFLICT',
      message: 'Username already exists',
    });

    const sameEmail = await api()
      .post('/api/users')
      .set(bearer(setup.superadminToken))
      .send(buildUserForm({ email: existing.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('Email already exists');
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a user and audits what it was', async () => {
    const { user } = await setup.t.createUserWithToken({ role: 'sales' });
    const response = await api().delete(`/api/users/${user.id}`).set(bearer(setup.superadminToken));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'User deleted successfully' });
    expect(await storedUser(setup.t, user.id)).toBeUndefined();
    const [entry] = await auditEntriesOf(setup.t, user.id);
    expect(entry).toMatchObject({
      action: 'user.deleted',
      requestId: response.headers['x-request-id'],
    });
    expect(entry!.changes).toMatchObject({ username: { before: user.username, after: null } });
    expect(
      (await api().delete(`/api/users/${user.id}`).set(bearer(setup.superadminToken))).status,
    ).toBe(404);
  });

  it('never deletes a superadmin nor one’s own account (403)', async () => {
    const { user: otherSuperadmin } = await setup.t.createUserWithToken({ role: 'superadmin' });
    const superadmin = await api()
      .delete(`/api/users/${otherSuperadmin.id}`)
      .set(bearer(setup.superadminToken));
    expect(superadmin.status).toBe(403);
    expect(superadmin.body.message).toBe('Superadmin users cannot be deleted.');
    const self = await api()
      .delete(`/api/users/${setup.superadminId}`)
      .set(bearer(setup.superadminToken));
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('You cannot delete your own account.');
    expect(await storedUser(setup.t, otherSuperadmin.id)).toBeDefined();
  });

  it('refuses an Admin (403) and answers 404 for an unknown id', async () => {
    const { user } = await setup.t.createUserWithToken();
    expect((await api().delete(`/api/users/${user.id}`).set(bearer(setup.adminToken))).status).toBe(
      403,
    );
    expect(
      (await api().delete(`/api/users/${randomUUID()}`).set(bearer(setup.superadminToken))).status,
    ).toBe(404);
  });
});

describe('GET /api/users/{id}/permissions', () => {
  it('answers role, stored list, overrides and effective permissions', async () => {
    const { user } = await setup.t.createUserWithToken({
      role: 'sales',
      customGranted: ['reports.view'],
      customDenied: ['dashboard.view'],
    });
    const response = await api()
      .get(`/api/users/${user.id}/permissions`)
      .set(bearer(setup.adminToken));
    expect(response.status).toBe(200);
    const { permissions } = response.body.data;
    expect(permissions.role).toBe('sales');
    expect(permissions.customPermissions).toEqual({
      granted: ['reports.view'],
      denied: ['dashboard.view'],
    });
    expect(permissions.effectivePermissions).toContain('reports.view');
    expect(permissions.effectivePermissions).not.toContain('dashboard.view');
  });

  it('gives a superadmin every permission', async () => {
    const response = await api()
      .get(`/api/users/${setup.superadminId}/permissions`)
      .set(bearer(setup.adminToken));
    expect(response.body.data.permissions.effectivePermissions).toEqual(roleTemplates.superadmin);
  });

  it('answers 404 for an unknown user and 403 for sales', async () => {
    const sales = await setup.t.createUserWithToken({ role: 'sales' });
    expect(
      (await api().get(`/api/users/${randomUUID()}/permissions`).set(bearer(setup.adminToken)))
        .status,
    ).toBe(404);
    expect(
      (await api().get(`/api/users/${setup.superadminId}/permissions`).set(bearer(sales.token)))
        .status,
    ).toBe(403);
  });
});
