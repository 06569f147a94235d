import { licenceMessages } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activities, type ClientRow } from '../../db/schema';
import {
  type TestContext,
  bearer,
  buildClient,
  buildLicence,
  createLicenceTestSetup,
  deviceIdFor,
  findLicenceRow,
} from '../../../test/builders';

const day = 24 * 60 * 60 * 1000;

describe('licence binding API', () => {
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

  describe('POST /api/licences/bind', () => {
    const bind = (body: object, token = admin) =>
      request(t.app).post('/api/licences/bind').set(bearer(token)).send(body);

    it('binds an available licence, records the activity and announces it', async () => {
      const licence = await buildLicence(t, client.id, {
        validUntil: new Date(Date.now() + 30 * day),
      });
      const response = await bind({
        licenceKey: licence.key,
        deviceId: deviceIdFor('Site One'),
        projectName: 'Site One',
        companyId: client.companyId,
      }).expect(200);

      expect(response.body).toMatchObject({
        success: true,
        message: 'License bound successfully!',
        licence: {
          key: licence.key,
          bound: true,
          deviceId: deviceIdFor('Site One'),
          projectName: 'Site One',
        },
      });
      expect(response.body.licence.boundAt).not.toBeNull();
      const [activity] = await t.database.db
        .select()
        .from(activities)
        .where(eq(activities.type, 'licence_bound'));
      expect(activity?.refs).toMatchObject({
        licenceKey: licence.key,
        companyName: client.companyName,
      });
      expect(t.published[0]).toEqual({
        event: 'licenceUpdated',
        payload: {
          action: 'bind',
          licence: {
            key: licence.key,
            bound: true,
            deviceId: deviceIdFor('Site One'),
            projectName: 'Site One',
          },
          clientId: client.id,
        },
      });
      expect(t.published[1]?.event).toBe('activityUpdated');
    });

    it("skips the ownership check for companyId 'system' (the default)", async () => {
      const licence = await buildLicence(t, client.id);
      await bind({
        licenceKey: licence.key,
        deviceId: deviceIdFor('Gate', 'B1B2C3D4E5F6'),
        projectName: 'Gate',
      }).expect(200);
    });

    it.each([
      [{ deviceId: '', projectName: 'Site' }, licenceMessages.bindRequired],
      [{ deviceId: 'MPDID-A1B2C3D4E5F6-Site', projectName: '' }, licenceMessages.bindRequired],
      [{ deviceId: 'DEVICE-1', projectName: 'Site' }, licenceMessages.deviceIdFormat],
      [
        { deviceId: 'MPDID-a1b2c3d4e5f6-Site', projectName: 'Site' },
        licenceMessages.deviceIdFormat,
      ],
      [
        { deviceId: 'MPDID-A1B2C3D4E5F6-Other', projectName: 'Site' },
        licenceMessages.deviceIdFormat,
      ],
      [
        { deviceId: 'MPDID-A1B2C3D4E5F6-Site', projectName: 'Site_1' },
        licenceMessages.projectNameCharacters,
      ],
      [
        { deviceId: 'MPDID-A1B2C3D4E5F6-Site', projectName: 'A'.repeat(26) },
        licenceMessages.projectNameLength,
      ],
    ])('refuses %j with "%s"', async (fields, message) => {
      const licence = await buildLicence(t, client.id);
      const response = await bind({ licenceKey: licence.key, ...fields }).expect(400);
      expect(response.body.message).toBe(message);
      expect((await licenceByKey(licence.key))?.bound).toBe(false);
    });

    it('refuses a licence that is already bound (409)', async () => {
      const licence = await buildLicence(t, client.id, {
        bound: true,
        deviceId: deviceIdFor('Old'),
        projectName: 'Old',
      });
      const response = await bind({
        licenceKey: licence.key,
        deviceId: deviceIdFor('New', 'C1C2C3C4C5C6'),
        projectName: 'New',
      }).expect(409);
      expect(response.body).toMatchObject({
        error: 'CONFLICT',
        message: 'License is already bound to a device',
      });
    });

    it('refuses an expired licence (409) with a clear message', async () => {
      const licence = await buildLicence(t, client.id, { validUntil: new Date(Date.now() - day) });
      const response = await bind({
        licenceKey: licence.key,
        deviceId: deviceIdFor('Late', 'D1D2D3D4D5D6'),
        projectName: 'Late',
      }).expect(409);
      expect(response.body.message).toMatch(/expired/i);
    });

    it('refuses a device already bound to another licence (409)', async () => {
      const deviceId = deviceIdFor('Shared', 'E1E2E3E4E5E6');
      await buildLicence(t, client.id, { bound: true, deviceId, projectName: 'Shared' });
      const licence = await buildLicence(t, client.id);
      const response = await bind({
        licenceKey: licence.key,
        deviceId,
        projectName: 'Shared',
      }).expect(409);
      expect(response.body.message).toBe('This device is already bound to another license');
    });

    it('binds exactly one of two concurrent binds of the same licence', async () => {
      const licence = await buildLicence(t, client.id);
      const [first, second] = await Promise.all([
        bind({
          licenceKey: licence.key,
          deviceId: deviceIdFor('Race', 'F1F2F3F4F5F6'),
          projectName: 'Race',
        }),
        bind({
          licenceKey: licence.key,
          deviceId: deviceIdFor('Race', 'G1G2G3G4G5G6'),
          projectName: 'Race',
        }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const winner = first.status === 200 ? first : second;
      expect((await licenceByKey(licence.key))?.deviceId).toBe(winner.body.licence.deviceId);
      expect(t.published.filter((event) => event.event === 'licenceUpdated')).toHaveLength(1);
    });

    it('answers 404 for an unknown key or a licence of another client', async () => {
      await bind({
        licenceKey: 'MP-NONE-NONE-NONE-NONE',
        deviceId: deviceIdFor('X'),
        projectName: 'X',
      }).expect(404);
      const other = await buildClient(t);
      const licence = await buildLicence(t, other.id);
      const response = await bind({
        licenceKey: licence.key,
        deviceId: deviceIdFor('X'),
        projectName: 'X',
        companyId: client.companyId,
      }).expect(404);
      expect(response.body.message).toBe('License not found');
    });

    it('is refused to a role without products.edit (403)', async () => {
      const licence = await buildLicence(t, client.id);
      const sales = await t.signIn('sales');
      await bind(
        { licenceKey: licence.key, deviceId: deviceIdFor('X'), projectName: 'X' },
        sales,
      ).expect(403);
    });
  });

  describe('POST /api/licences/unbind', () => {
    const unbind = (body: object, token = admin) =>
      request(t.app).post('/api/licences/unbind').set(bearer(token)).send(body);

    it('releases the device and clears its token and activity', async () => {
      const licence = await buildLicence(t, client.id, {
        bound: true,
        deviceId: deviceIdFor('Lobby'),
        projectName: 'Lobby',
        boundAt: new Date(),
        lastDeviceActivity: new Date(),
        deviceTokenHash: 'hash-of-a-device-token',
      });
      const response = await unbind({
        licenceKey: licence.key,
        companyId: client.companyId,
      }).expect(200);
      expect(response.body).toMatchObject({
        message: 'License unbound successfully!',
        licence: {
          bound: false,
          deviceId: null,
          projectName: null,
          boundAt: null,
          lastDeviceActivity: null,
        },
      });
      expect((await licenceByKey(licence.key))?.deviceTokenHash).toBeNull();
      expect(t.published[0]).toMatchObject({
        event: 'licenceUpdated',
        payload: { action: 'unbind', clientId: client.id },
      });
    });

    it('refuses a licence that is not bound (409), an unknown key (404) and a role without products.edit (403)', async () => {
      const licence = await buildLicence(t, client.id);
      const notBound = await unbind({ licenceKey: licence.key }).expect(409);
      expect(notBound.body.message).toBe('License is not bound to any device');
      await unbind({ licenceKey: 'MP-NONE-NONE-NONE-NONE' }).expect(404);
      const missing = await unbind({}).expect(400);
      expect(missing.body.errors.licenceKey).toBe(licenceMessages.licenceKeyRequired);
      await unbind({ licenceKey: licence.key }, await t.signIn('sales')).expect(403);
    });
  });
});
