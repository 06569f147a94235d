import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestContext,
  bearer,
  buildClientForm,
  createTestContext,
  deviceIdFor,
} from '../../../test/builders';

let t: TestContext;
let admin: Awaited<ReturnType<TestContext['createUserWithToken']>>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUserWithToken({ role: 'Admin' });
});
afterAll(() => t.close());

const api = () => request(t.app);

interface Entry {
  action: string;
  entityId: string;
  entityLabel: string | null;
  clientName: string | null;
  actor: { id: string } | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}

async function trail(query: Record<string, string>, token = admin.token): Promise<Entry[]> {
  const response = await api().get('/api/audit').query(query).set(bearer(token)).expect(200);
  return response.body.data.entries;
}

describe('the audit trail of clients', () => {
  it('records a client added, edited, deactivated and deleted, with the actor', async () => {
    const form = buildClientForm();
    const created = await api()
      .post('/api/clients')
      .set(bearer(admin.token))
      .send(form)
      .expect(201);
    const id = created.body.client.id as string;
    await api()
      .put(`/api/clients/${form.companyId}`)
      .set(bearer(admin.token))
      .send({ ...form, phone: '+60 3-1111 2222' })
      .expect(200);
    await api()
      .patch(`/api/clients/${form.companyId}/status`)
      .set(bearer(admin.token))
      .send({ active: false })
      .expect(200);

    const live = await trail({ entityType: 'client', entityId: id });
    expect(live.map((entry) => entry.action)).toEqual([
      'client.status_changed',
      'client.updated',
      'client.created',
    ]);
    expect(live[0]).toMatchObject({
      actor: { id: admin.user.id },
      entityLabel: form.companyName,
      clientName: form.companyName,
      changes: { active: { before: true, after: false } },
    });
    expect(live[1]?.changes).toEqual({
      phone: { before: form.phone, after: '+60 3-1111 2222' },
    });
    expect(live[2]?.changes.companyId).toEqual({ before: null, after: form.companyId });

    await api().delete(`/api/clients/${form.companyId}`).set(bearer(admin.token)).expect(200);
    const [deleted] = await trail({ entityType: 'client', entityId: id });
    // The row is gone: its name comes from the values the deletion kept.
    expect(deleted).toMatchObject({
      action: 'client.deleted',
      actor: { id: admin.user.id },
      entityLabel: form.companyName,
      changes: { companyId: { before: form.companyId, after: null } },
    });
  });
});

describe('the audit trail of licences', () => {
  it('records licences added, bound, unbound, extended and deleted, with the actor', async () => {
    const form = buildClientForm();
    await api().post('/api/clients').set(bearer(admin.token)).send(form).expect(201);
    const added = await api()
      .post(`/api/clients/${form.companyId}/licences`)
      .set(bearer(admin.token))
      .send({ count: 1, validityPeriodDays: 30 })
      .expect(201);
    const key = added.body.licences[0].key as string;
    const deviceId = deviceIdFor('Site One');
    const licenceCall = { licenceKey: key, companyId: form.companyId };
    await api()
      .post('/api/licences/bind')
      .set(bearer(admin.token))
      .send({ ...licenceCall, deviceId, projectName: 'Site One' })
      .expect(200);
    await api().post('/api/licences/unbind').set(bearer(admin.token)).send(licenceCall).expect(200);
    await api()
      .post(`/api/licences/${key}/extend`)
      .set(bearer(admin.token))
      .send({ extensionDays: 30 })
      .expect(200);
    const [extended] = await trail({ entityType: 'licence' });
    // Named by its key and client, though the extension changed neither.
    expect(extended).toMatchObject({
      action: 'licence.extended',
      entityLabel: key,
      clientName: form.companyName,
    });
    await api().delete(`/api/licences/${key}`).set(bearer(admin.token)).expect(200);

    const entries = (await trail({ entityType: 'licence' })).filter(
      (entry) => entry.changes.key?.before === key || entry.changes.key?.after === key,
    );
    const licenceId = entries[0]!.entityId;
    const all = await trail({ entityType: 'licence', entityId: licenceId });
    expect(all.map((entry) => entry.action)).toEqual([
      'licence.deleted',
      'licence.extended',
      'licence.unbound',
      'licence.bound',
      'licence.created',
    ]);
    for (const entry of all) expect(entry.actor?.id).toBe(admin.user.id);
    expect(all[3]?.changes.deviceId).toEqual({ before: null, after: deviceId });
    expect(all[1]?.changes.validUntil?.before).not.toEqual(all[1]?.changes.validUntil?.after);
  });

  it('shows client and licence entries to readers of clients (sales), not to others', async () => {
    const sales = await t.signIn('sales');
    const seen = await trail({ entityType: 'client' }, sales);
    expect(seen.length).toBeGreaterThan(0);
    const outsider = await t.signIn('sales', { customDenied: ['clients.view'] });
    await api()
      .get('/api/audit')
      .query({ entityType: 'licence' })
      .set(bearer(outsider))
      .expect(403);
  });
});
