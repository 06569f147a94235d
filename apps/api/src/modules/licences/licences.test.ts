import { licenceMessages } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activities, type ClientRow } from '../../db/schema';
import { licenceKeyPattern } from './licence-keys';
import {
  type TestContext,
  bearer,
  buildClient,
  buildLicence,
  createLicenceTestSetup,
  createTestContext,
  deviceIdFor,
  findLicenceRow,
} from '../../../test/builders';

const day = 24 * 60 * 60 * 1000;

describe('licences API', () => {
  let t: TestContext;
  let admin: string;
  let client: ClientRow;
  beforeAll(async () => {
    ({ t, admin, client } = await createLicenceTestSetup());
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.published.length = 0;
  });

  const licenceByKey = (key: string) => findLicenceRow(t, key);

  describe('POST /api/clients/{companyId}/licences', () => {
    const addLicences = (body: object, companyId = client.companyId, token = admin) =>
      request(t.app).post(`/api/clients/${companyId}/licences`).set(bearer(token)).send(body);

    it('issues 100 unique, well-formed keys in one call', async () => {
      const before = Date.now();
      const response = await addLicences({
        count: 100,
        licenseType: 'Premium',
        validityPeriodDays: 365,
        features: ['nfc_scanning', 'offline_mode'],
        notes: 'Batch for HQ',
      }).expect(201);

      expect(response.body.message).toBe('100 licences added successfully');
      const keys: string[] = response.body.licences.map((licence: { key: string }) => licence.key);
      expect(new Set(keys).size).toBe(100);
      for (const key of keys) expect(key).toMatch(licenceKeyPattern);
      const first = response.body.licences[0];
      expect(first).toMatchObject({
        clientId: client.id,
        licenseType: 'Premium',
        bound: false,
        features: ['nfc_scanning', 'offline_mode'],
        notes: 'Batch for HQ',
      });
      const validUntil = Date.parse(first.validUntil);
      expect(validUntil).toBeGreaterThanOrEqual(before + 365 * day);
      expect(validUntil).toBeLessThanOrEqual(Date.now() + 365 * day);
      expect(t.published.map((event) => event.event)).toEqual(['clientUpdated', 'activityUpdated']);
    });

    it('says "1 licence" for a single key and defaults the type to Standard', async () => {
      const response = await addLicences({ count: 1, validityPeriodDays: 30 }).expect(201);
      expect(response.body.message).toBe('1 licence added successfully');
      expect(response.body.licences[0].licenseType).toBe('Standard');
    });

    it.each([
      [{ count: 0, validityPeriodDays: 30 }, 'count', licenceMessages.count],
      [{ count: 101, validityPeriodDays: 30 }, 'count', licenceMessages.count],
      [{ count: 1.5, validityPeriodDays: 30 }, 'count', licenceMessages.count],
      [{ validityPeriodDays: 30 }, 'count', licenceMessages.count],
      [{ count: 1, validityPeriodDays: 0 }, 'validityPeriodDays', licenceMessages.validity],
      [{ count: 1, validityPeriodDays: 1826 }, 'validityPeriodDays', licenceMessages.validity],
    ])('refuses %j with the message for %s', async (body, field, message) => {
      const response = await addLicences(body).expect(400);
      expect(response.body.errors[field]).toBe(message);
    });

    it('refuses an unknown licence type', async () => {
      const response = await addLicences({
        count: 1,
        validityPeriodDays: 30,
        licenseType: 'Gold',
      }).expect(400);
      expect(response.body.errors).toHaveProperty('licenseType');
    });

    it('answers 404 for an unknown client', async () => {
      const response = await addLicences({ count: 1, validityPeriodDays: 30 }, 'NOPE').expect(404);
      expect(response.body.message).toBe('Client not found');
    });

    it('answers 403 with the spec message to a role without products.create', async () => {
      const sales = await t.signIn('sales');
      const response = await addLicences(
        { count: 1, validityPeriodDays: 30 },
        client.companyId,
        sales,
      ).expect(403);
      expect(response.body.message).toBe('You do not have permission to perform this action.');
    });
  });

  describe('GET /api/licences', () => {
    it('answers clients in name order with their licence counts, paged by client', async () => {
      const isolated = await createTestContext();
      try {
        const token = await isolated.signIn('sales');
        const beta = await buildClient(isolated, { companyName: 'Beta Guards' });
        const alpha = await buildClient(isolated, { companyName: 'alpha Patrol' });
        await buildClient(isolated, { companyName: 'Gamma Watch' });
        await buildLicence(isolated, beta.id);
        await buildLicence(isolated, alpha.id);
        await buildLicence(isolated, alpha.id);

        const response = await request(isolated.app)
          .get('/api/licences?limit=2')
          .set(bearer(token))
          .expect(200);

        expect(response.body.clients.map((c: { companyName: string }) => c.companyName)).toEqual([
          'alpha Patrol',
          'Beta Guards',
        ]);
        expect(response.body.clients.map((c: { licenceCount: number }) => c.licenceCount)).toEqual([
          2, 1,
        ]);
        expect(response.body.pagination).toMatchObject({
          totalCount: 3,
          totalPages: 2,
          hasNext: true,
        });
        const denied = await isolated.signIn('sales', { customDenied: ['products.view'] });
        await request(isolated.app).get('/api/licences').set(bearer(denied)).expect(403);
      } finally {
        await isolated.close();
      }
    });
  });

  describe('GET /api/clients/{companyId}/licences', () => {
    const list = (companyId: string, query = '') =>
      request(t.app).get(`/api/clients/${companyId}/licences${query}`).set(bearer(admin));

    it('pages the client licences newest first and filters by status, type and search', async () => {
      const owner = await buildClient(t);
      const day = 24 * 60 * 60 * 1000;
      const oldest = await buildLicence(t, owner.id, { createdAt: new Date(Date.now() - 3 * day) });
      const expired = await buildLicence(t, owner.id, {
        createdAt: new Date(Date.now() - 2 * day),
        validUntil: new Date(Date.now() - day),
        bound: true,
        deviceId: deviceIdFor('Gate', 'EXPIRED00001'),
        projectName: 'Gate',
      });
      const bound = await buildLicence(t, owner.id, {
        createdAt: new Date(Date.now() - day),
        licenceType: 'Premium',
        bound: true,
        deviceId: deviceIdFor('Lobby', 'BOUND0000001'),
        projectName: 'Lobby',
      });
      await buildLicence(t, client.id);

      const firstPage = await list(owner.companyId, '?limit=2').expect(200);
      expect(firstPage.body.licences.map((l: { key: string }) => l.key)).toEqual([
        bound.key,
        expired.key,
      ]);
      expect(firstPage.body.pagination).toMatchObject({ totalCount: 3, totalPages: 2 });

      const keysOf = async (query: string) =>
        (await list(owner.companyId, query).expect(200)).body.licences.map(
          (l: { key: string }) => l.key,
        );
      expect(await keysOf('?status=expired')).toEqual([expired.key]);
      expect(await keysOf('?status=bound')).toEqual([bound.key]);
      expect(await keysOf('?status=available')).toEqual([oldest.key]);
      expect(await keysOf('?licenseType=Premium')).toEqual([bound.key]);
      expect(await keysOf('?search=lobby')).toEqual([bound.key]);
      expect(await keysOf(`?search=${oldest.key.slice(-4)}`)).toContain(oldest.key);
    });

    it('refuses an unknown status (400), an unknown client (404) and a role without products.view (403)', async () => {
      await list(client.companyId, '?status=lost').expect(400);
      await list('NO-SUCH-CLIENT').expect(404);
      const denied = await t.signIn('sales', { customDenied: ['products.view'] });
      await request(t.app)
        .get(`/api/clients/${client.companyId}/licences`)
        .set(bearer(denied))
        .expect(403);
    });
  });

  describe('DELETE /api/licences/{key}', () => {
    it('deletes a bound licence, so its device is deactivated at once', async () => {
      const licence = await buildLicence(t, client.id, {
        bound: true,
        deviceId: deviceIdFor('Dock'),
        projectName: 'Dock',
        deviceTokenHash: 'hash-of-the-dock-token',
      });
      const response = await request(t.app)
        .delete(`/api/licences/${licence.key}`)
        .set(bearer(admin))
        .expect(200);
      expect(response.body).toEqual({ success: true, message: 'License deleted successfully!' });
      expect(await licenceByKey(licence.key)).toBeUndefined();
      const [activity] = await t.database.db
        .select()
        .from(activities)
        .where(eq(activities.type, 'licence_deleted'));
      expect(activity?.detail).toContain('deactivated');
      expect(t.published.map((event) => event.event)).toEqual(['clientUpdated', 'activityUpdated']);
    });

    it('answers 404 for an unknown key and 403 without products.delete', async () => {
      await request(t.app)
        .delete('/api/licences/MP-NONE-NONE-NONE-NONE')
        .set(bearer(admin))
        .expect(404);
      const licence = await buildLicence(t, client.id);
      await request(t.app)
        .delete(`/api/licences/${licence.key}`)
        .set(bearer(await t.signIn('manager')))
        .expect(403);
    });
  });

  describe('POST /api/licences/{key}/extend', () => {
    const extend = (key: string, body: object, token = admin) =>
      request(t.app).post(`/api/licences/${key}/extend`).set(bearer(token)).send(body);

    it('adds the days to an expiry still in the future', async () => {
      const expiry = new Date(Date.now() + 10 * day);
      const licence = await buildLicence(t, client.id, { validUntil: expiry });
      const response = await extend(licence.key, { extensionDays: 30 }).expect(200);
      expect(response.body.message).toBe('License extended successfully!');
      expect(Date.parse(response.body.licence.validUntil)).toBe(expiry.getTime() + 30 * day);
      expect(t.published[0]).toMatchObject({
        event: 'licenceUpdated',
        payload: { action: 'extend' },
      });
    });

    it('counts from now for a licence expired under 30 days ago', async () => {
      const licence = await buildLicence(t, client.id, {
        validUntil: new Date(Date.now() - 29 * day),
      });
      const before = Date.now();
      const response = await extend(licence.key, { extensionDays: 7 }).expect(200);
      const validUntil = Date.parse(response.body.licence.validUntil);
      expect(validUntil).toBeGreaterThanOrEqual(before + 7 * day);
      expect(validUntil).toBeLessThanOrEqual(Date.now() + 7 * day);
    });

    it('refuses a licence expired more than 30 days ago (409)', async () => {
      const licence = await buildLicence(t, client.id, {
        validUntil: new Date(Date.now() - 31 * day),
      });
      const response = await extend(licence.key, { extensionDays: 30 }).expect(409);
      expect(response.body.message).toBe(
        'License expired more than 30 days ago and can no longer be extended',
      );
      expect(t.published).toEqual([]);
    });

    it.each([0, 1826, 'thirty'])(
      'refuses %j days with the extension message',
      async (extensionDays) => {
        const licence = await buildLicence(t, client.id);
        const response = await extend(licence.key, { extensionDays }).expect(400);
        expect(response.body.errors.extensionDays).toBe(licenceMessages.extension);
      },
    );

    it('answers 404 for an unknown key and 403 without products.edit', async () => {
      await extend('MP-NONE-NONE-NONE-NONE', { extensionDays: 30 }).expect(404);
      const licence = await buildLicence(t, client.id);
      await extend(licence.key, { extensionDays: 30 }, await t.signIn('sales')).expect(403);
    });
  });
});
