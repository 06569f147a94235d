import { clientMessages, emailMessages } from '@patrol/contracts';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activities, clients, licences } from '../../db/schema';
import {
  type TestContext,
  buildClient,
  buildClientForm,
  buildLicence,
  createTestContext,
} from '../../../test/builders';

describe('client directory API', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.published.length = 0;
  });

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  describe('POST /api/clients', () => {
    it('adds a client with a formatted name and a lowercased email, and announces it after commit', async () => {
      const form = buildClientForm({
        companyName: '  acme   security sdn bhd ',
        email: 'Ops@ACME.Example',
      });
      const response = await request(t.app)
        .post('/api/clients')
        .set(auth(admin))
        .send(form)
        .expect(201);

      expect(response.body).toMatchObject({
        success: true,
        message: 'Client added successfully',
        client: {
          companyId: form.companyId,
          companyName: 'acme security Sdn Bhd',
          email: 'ops@acme.example',
          active: true,
          licenceCount: 0,
          boundLicenceCount: 0,
        },
      });
      const [activity] = await t.database.db
        .select()
        .from(activities)
        .where(eq(activities.companyId, form.companyId));
      expect(activity).toMatchObject({
        type: 'client_added',
        refs: { companyName: 'acme security Sdn Bhd' },
      });
      expect(t.published.map((event) => event.event)).toEqual(['clientAdded', 'activityUpdated']);
      expect(t.published[0]!.payload).toEqual(response.body.client);
    });

    it('refuses a duplicate companyId (409)', async () => {
      const form = buildClientForm();
      await request(t.app).post('/api/clients').set(auth(admin)).send(form).expect(201);
      const response = await request(t.app)
        .post('/api/clients')
        .set(auth(admin))
        .send(buildClientForm({ companyId: form.companyId }))
        .expect(409);
      expect(response.body).toEqual({
        success: false,
        error: 'CONFLICT',
        message: 'Company ID already exists',
      });
    });

    it('refuses the companyId reserved by the dashboard path', async () => {
      const response = await request(t.app)
        .post('/api/clients')
        .set(auth(admin))
        .send(buildClientForm({ companyId: 'Dashboard' }))
        .expect(400);
      expect(response.body.errors.companyId).toMatch(/reserved/);
    });

    it.each([
      ['companyId', clientMessages.companyIdRequired],
      ['companyName', clientMessages.companyNameRequired],
      ['contactPerson', clientMessages.contactPersonRequired],
      ['email', emailMessages.required],
      ['phone', clientMessages.phoneRequired],
      ['address', clientMessages.addressRequired],
    ] as const)('answers "%s" missing with its message', async (field, message) => {
      const response = await request(t.app)
        .post('/api/clients')
        .set(auth(admin))
        .send(buildClientForm({ [field]: '  ' }))
        .expect(400);
      expect(response.body).toMatchObject({
        error: 'VALIDATION_ERROR',
        errors: { [field]: message },
      });
    });

    it('answers a malformed email with the spec message', async () => {
      const response = await request(t.app)
        .post('/api/clients')
        .set(auth(admin))
        .send(buildClientForm({ email: 'not-an-email' }))
        .expect(400);
      expect(response.body.errors).toEqual({ email: emailMessages.invalid });
    });

    it('is refused to a role without clients.create (403)', async () => {
      const sales = await t.signIn('sales');
      await request(t.app)
        .post('/api/clients')
        .set(auth(sales))
        .send(buildClientForm())
        .expect(403);
      expect(t.published).toEqual([]);
    });

    it('publishes nothing and keeps nothing when the transaction fails after the insert', async () => {
      const form = buildClientForm();
      // A trigger makes the activity insert (the last statement of the transaction) fail.
      await t.database.db.execute(
        sql.raw(`create function fail_activity() returns trigger language plpgsql as $$
          begin raise exception 'activity refused'; end $$`),
      );
      await t.database.db.execute(
        sql.raw(`create trigger fail_activity before insert on activities for each row
          when (new.company_id = '${form.companyId}') execute function fail_activity()`),
      );
      try {
        await request(t.app).post('/api/clients').set(auth(admin)).send(form).expect(500);
        const stored = await t.database.db
          .select()
          .from(clients)
          .where(eq(clients.companyId, form.companyId));
        expect(stored).toEqual([]);
        expect(t.published).toEqual([]);
      } finally {
        await t.database.db.execute(sql.raw('drop trigger fail_activity on activities'));
        await t.database.db.execute(sql.raw('drop function fail_activity()'));
      }
    });
  });

  describe('GET /api/clients/{companyId}', () => {
    it('answers the client with its licence counts; its licences are listed apart', async () => {
      const client = await buildClient(t);
      const licence = await buildLicence(t, client.id, {
        bound: true,
        deviceId: 'MPDID-A1B2C3D4E5F6-Site',
        projectName: 'Site',
      });
      await buildLicence(t, client.id);
      const response = await request(t.app)
        .get(`/api/clients/${client.companyId}`)
        .set(auth(admin))
        .expect(200);
      expect(response.body.client).toMatchObject({
        id: client.id,
        companyId: client.companyId,
        licenceCount: 2,
        boundLicenceCount: 1,
      });
      expect(response.body.client).not.toHaveProperty('licences');
      const listed = await request(t.app)
        .get(`/api/clients/${client.companyId}/licences?status=bound`)
        .set(auth(admin))
        .expect(200);
      expect(listed.body.licences).toEqual([
        expect.objectContaining({
          key: licence.key,
          bound: true,
          deviceId: 'MPDID-A1B2C3D4E5F6-Site',
          licenseType: 'Standard',
        }),
      ]);
      expect(listed.body.licences[0]).not.toHaveProperty('deviceTokenHash');
    });

    it('keeps the licence counts current through issue, bind, unbind and delete', async () => {
      const client = await buildClient(t);
      const counts = async () => {
        const { body } = await request(t.app)
          .get(`/api/clients/${client.companyId}`)
          .set(auth(admin))
          .expect(200);
        return [body.client.licenceCount, body.client.boundLicenceCount];
      };
      const issued = await request(t.app)
        .post(`/api/clients/${client.companyId}/licences`)
        .set(auth(admin))
        .send({ count: 3, validityPeriodDays: 30 })
        .expect(201);
      const [first, second] = issued.body.licences as { key: string }[];
      expect(await counts()).toEqual([3, 0]);
      for (const [licence, hash] of [
        [first!, 'AAAAAAAAAAA1'],
        [second!, 'AAAAAAAAAAA2'],
      ] as const) {
        await request(t.app)
          .post('/api/licences/bind')
          .set(auth(admin))
          .send({ licenceKey: licence.key, deviceId: `MPDID-${hash}-Site`, projectName: 'Site' })
          .expect(200);
      }
      expect(await counts()).toEqual([3, 2]);
      await request(t.app)
        .post('/api/licences/unbind')
        .set(auth(admin))
        .send({ licenceKey: first!.key })
        .expect(200);
      expect(await counts()).toEqual([3, 1]);
      await request(t.app).delete(`/api/licences/${second!.key}`).set(auth(admin)).expect(200);
      expect(await counts()).toEqual([2, 0]);
    });

    it('answers 404 Client not found for an unknown companyId', async () => {
      const response = await request(t.app).get('/api/clients/NOPE').set(auth(admin)).expect(404);
      expect(response.body).toMatchObject({ error: 'NOT_FOUND', message: 'Client not found' });
    });
  });

  describe('PUT /api/clients/{companyId}', () => {
    it('saves the form and announces clientUpdated', async () => {
      const client = await buildClient(t);
      const form = {
        ...buildClientForm(),
        companyId: undefined,
        companyName: 'renamed pte ltd',
        email: 'NEW@Example.test',
      };
      const response = await request(t.app)
        .put(`/api/clients/${client.companyId}`)
        .set(auth(admin))
        .send(form)
        .expect(200);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Client updated successfully',
        client: {
          companyId: client.companyId,
          companyName: 'renamed Pte Ltd',
          email: 'new@example.test',
        },
      });
      expect(t.published.map((event) => event.event)).toEqual(['clientUpdated', 'activityUpdated']);
    });

    it('accepts the unchanged companyId in the body but refuses a different one', async () => {
      const client = await buildClient(t);
      await request(t.app)
        .put(`/api/clients/${client.companyId}`)
        .set(auth(admin))
        .send(buildClientForm({ companyId: client.companyId }))
        .expect(200);
      const response = await request(t.app)
        .put(`/api/clients/${client.companyId}`)
        .set(auth(admin))
        .send(buildClientForm({ companyId: 'OTHER' }))
        .expect(400);
      expect(response.body).toMatchObject({
        message: 'Company ID cannot be changed',
        errors: { companyId: 'Company ID cannot be changed' },
      });
    });

    it('answers each missing field with its message', async () => {
      const client = await buildClient(t);
      const response = await request(t.app)
        .put(`/api/clients/${client.companyId}`)
        .set(auth(admin))
        .send({})
        .expect(400);
      expect(response.body.errors).toEqual({
        companyName: clientMessages.companyNameRequired,
        contactPerson: clientMessages.contactPersonRequired,
        email: emailMessages.required,
        phone: clientMessages.phoneRequired,
        address: clientMessages.addressRequired,
      });
    });

    it('answers 404 for an unknown client and 403 without clients.edit', async () => {
      const { companyId: _ignored, ...form } = buildClientForm();
      await request(t.app).put('/api/clients/NOPE').set(auth(admin)).send(form).expect(404);
      const sales = await t.signIn('sales');
      const client = await buildClient(t);
      await request(t.app)
        .put(`/api/clients/${client.companyId}`)
        .set(auth(sales))
        .send(buildClientForm())
        .expect(403);
    });
  });

  describe('PATCH /api/clients/{id}/status', () => {
    it('deactivates by row id and activates by companyId with the spec messages', async () => {
      const client = await buildClient(t);
      const off = await request(t.app)
        .patch(`/api/clients/${client.id}/status`)
        .set(auth(admin))
        .send({ active: false })
        .expect(200);
      expect(off.body).toMatchObject({
        message: 'Client deactivated successfully',
        client: { active: false },
      });
      const on = await request(t.app)
        .patch(`/api/clients/${client.companyId}/status`)
        .set(auth(admin))
        .send({ active: true })
        .expect(200);
      expect(on.body).toMatchObject({
        message: 'Client activated successfully',
        client: { active: true },
      });
      expect(t.published.filter((event) => event.event === 'clientUpdated')).toHaveLength(2);
    });

    it('requires a boolean active, knows no unknown client, and needs clients.edit', async () => {
      const client = await buildClient(t);
      await request(t.app)
        .patch(`/api/clients/${client.id}/status`)
        .set(auth(admin))
        .send({ active: 'yes' })
        .expect(400);
      await request(t.app)
        .patch('/api/clients/NOPE/status')
        .set(auth(admin))
        .send({ active: true })
        .expect(404);
      const sales = await t.signIn('sales');
      await request(t.app)
        .patch(`/api/clients/${client.id}/status`)
        .set(auth(sales))
        .send({ active: true })
        .expect(403);
    });
  });

  describe('DELETE /api/clients/{companyId}', () => {
    it('removes the client and its licences, records who did it and announces clientDeleted', async () => {
      const { user, token } = await t.createUserWithToken({ role: 'Admin' });
      const client = await buildClient(t);
      await buildLicence(t, client.id);
      await buildLicence(t, client.id, {
        bound: true,
        deviceId: 'MPDID-A1B2C3D4E5F6-Gate',
        projectName: 'Gate',
      });

      const response = await request(t.app)
        .delete(`/api/clients/${client.companyId}`)
        .set(auth(token))
        .expect(200);

      expect(response.body).toEqual({ success: true, message: 'Client deleted successfully' });
      expect(await t.database.db.select().from(clients).where(eq(clients.id, client.id))).toEqual(
        [],
      );
      expect(
        await t.database.db.select().from(licences).where(eq(licences.clientId, client.id)),
      ).toEqual([]);
      const [activity] = await t.database.db
        .select()
        .from(activities)
        .where(eq(activities.type, 'client_deleted'));
      expect(activity).toMatchObject({ actorId: user.id, companyId: client.companyId });
      expect(activity!.detail).toContain('2 licences');
      expect(t.published[0]).toEqual({
        event: 'clientDeleted',
        payload: { companyId: client.companyId },
      });
    });

    it('answers 404 for an unknown client and 403 without clients.delete', async () => {
      await request(t.app).delete('/api/clients/NOPE').set(auth(admin)).expect(404);
      const manager = await t.signIn('manager');
      const client = await buildClient(t);
      await request(t.app)
        .delete(`/api/clients/${client.companyId}`)
        .set(auth(manager))
        .expect(403);
    });
  });
});
