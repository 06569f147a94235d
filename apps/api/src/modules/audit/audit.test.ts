import { defaultCompanySettings } from '@patrol/contracts';
import { addDays, businessDay } from '@patrol/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedFields } from './audit.service';
import { type TestContext, buildUserForm, createTestContext } from '../../../test/builders';

let t: TestContext;
let superadmin: Awaited<ReturnType<TestContext['createUserWithToken']>>;
let createdUserId: string;

beforeAll(async () => {
  t = await createTestContext();
  superadmin = await t.createUserWithToken({ role: 'superadmin' });
  const created = await api()
    .post('/api/users')
    .set(bearer(superadmin.token))
    .send(buildUserForm())
    .expect(201);
  createdUserId = created.body.data.user.id;
  await api()
    .put('/api/settings')
    .set(bearer(superadmin.token))
    .send({ ...defaultCompanySettings, companyName: 'Audited Sdn Bhd' })
    .expect(200);
});
afterAll(() => t.close());

const api = () => request(t.app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('GET /api/audit', () => {
  it('lists user and settings changes newest first, with who made them', async () => {
    const response = await api().get('/api/audit').set(bearer(superadmin.token));
    expect(response.status).toBe(200);
    const { entries, pagination } = response.body.data;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'settings.updated',
      'user.created',
    ]);
    expect(entries[0]).toMatchObject({
      entityType: 'settings',
      actor: { id: superadmin.user.id, username: superadmin.user.username },
      changes: { companyName: { before: '', after: 'Audited Sdn Bhd' } },
    });
    expect(pagination).toMatchObject({ totalCount: 2, currentPage: 1 });
  });

  it('shows a manager (users.view only) the user entries and refuses it the settings ones', async () => {
    const manager = await t.createUserWithToken({ role: 'manager' });
    const response = await api().get('/api/audit').set(bearer(manager.token));
    expect(response.status).toBe(200);
    expect(response.body.data.entries.map((entry: { entityId: string }) => entry.entityId)).toEqual(
      [createdUserId],
    );
    const settings = await api()
      .get('/api/audit')
      .query({ entityType: 'settings' })
      .set(bearer(manager.token));
    expect(settings.status).toBe(403);
  });

  it('filters by entity and pages', async () => {
    const response = await api()
      .get('/api/audit')
      .query({ entityType: 'user', entityId: createdUserId, limit: 1 })
      .set(bearer(superadmin.token));
    expect(response.body.data.entries).toHaveLength(1);
    expect(response.body.data.pagination).toMatchObject({ totalCount: 1, hasNext: false });
  });

  it('shows sales only the trail of what they may view, never users or settings (403)', async () => {
    const sales = await t.createUserWithToken({ role: 'sales' });
    const page = await api().get('/api/audit').set(bearer(sales.token)).expect(200);
    for (const entry of page.body.data.entries) {
      expect(['user', 'settings']).not.toContain(entry.entityType);
    }
    await api().get('/api/audit?entityType=user').set(bearer(sales.token)).expect(403);
    await api().get('/api/audit?entityType=settings').set(bearer(sales.token)).expect(403);
  });

  it('refuses a user with no permission that shows an audited entity (403)', async () => {
    const { token } = await t.createUserWithToken({
      role: 'sales',
      permissions: ['dashboard.view'],
    });
    expect((await api().get('/api/audit').set(bearer(token))).status).toBe(403);
    expect((await api().get('/api/audit/export').set(bearer(token))).status).toBe(403);
  });
});

describe('GET /api/audit filters', () => {
  it('filters by actor and by business day, and refuses an end before the start', async () => {
    const byActor = await api()
      .get(`/api/audit?actorId=${superadmin.user.id}`)
      .set(bearer(superadmin.token))
      .expect(200);
    expect(byActor.body.data.entries).toHaveLength(2);
    const nobody = await api()
      .get('/api/audit?actorId=00000000-0000-4000-8000-000000000000')
      .set(bearer(superadmin.token))
      .expect(200);
    expect(nobody.body.data.entries).toHaveLength(0);

    const today = businessDay(new Date());
    const todays = await api()
      .get(`/api/audit?dateFrom=${today}&dateTo=${today}`)
      .set(bearer(superadmin.token))
      .expect(200);
    expect(todays.body.data.entries).toHaveLength(2);
    const yesterday = addDays(today, -1);
    const before = await api()
      .get(`/api/audit?dateTo=${yesterday}`)
      .set(bearer(superadmin.token))
      .expect(200);
    expect(before.body.data.entries).toHaveLength(0);
    await api()
      .get(`/api/audit?dateFrom=${today}&dateTo=${yesterday}`)
      .set(bearer(superadmin.token))
      .expect(400);
    await api().get('/api/audit?actorId=nope').set(bearer(superadmin.token)).expect(400);
  });
});

describe('GET /api/audit/export', () => {
  it('streams one CSV line per changed field, with who and when', async () => {
    const response = await api()
      .get('/api/audit/export?entityType=settings')
      .set(bearer(superadmin.token))
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'When (UTC),Who,Action,Entity type,Entity id,Document or record,Client,Request id,Field,Before,After',
    );
    expect(
      lines
        .slice(1)
        .some(
          (line) =>
            line.includes(',settings.updated,settings,company,Company settings,,') &&
            line.includes('companyName') &&
            line.endsWith('Audited Sdn Bhd'),
        ),
    ).toBe(true);
  });

  it('refuses an entity type the reader may not see', async () => {
    const manager = await t.createUserWithToken({ role: 'manager' });
    await api().get('/api/audit/export?entityType=settings').set(bearer(manager.token)).expect(403);
    const sales = await t.createUserWithToken({ role: 'sales' });
    await api().get('/api/audit/export?entityType=user').set(bearer(sales.token)).expect(403);
    await api()
      .get('/api/audit/export?dateFrom=yesterday')
      .set(bearer(superadmin.token))
      .expect(400);
  });
});

describe('changedFields', () => {
  it('keeps only changed fields, flattening nested objects and ignoring key order', () => {
    expect(
      changedFields(
        { name: 'A', address: { city: 'KL', state: 'WP' }, tags: ['x'] },
        { address: { state: 'WP', city: 'Ipoh' }, name: 'A', tags: ['x'] },
      ),
    ).toEqual({ 'address.city': { before: 'KL', after: 'Ipoh' } });
  });

  it('never records password hashes or two-factor secrets', () => {
    expect(
      changedFields(null, { username: 'u', passwordHash: '$2b$hash', twoFactorSecret: 's' }),
    ).toEqual({ username: { before: null, after: 'u' } });
  });
});
