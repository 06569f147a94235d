import { createHash } from 'node:crypto';
import { licenceMessages } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activities, clients, licences, type LicenceRow } from '../../db/schema';
import type { AuthUser } from '../../http/authenticate';
import type { PublishedEvent } from '../../events/event-bus';
import { rateLimitRules } from '../../security/rate-limits';
import {
  computeLicenceActivityFigures,
  deleteLicence,
  unbindLicence,
} from '../licences/licences.service';
import { deviceMessages } from './device-auth';
import {
  type TestContext,
  buildClient,
  buildLicence,
  createTestContext,
  deviceIdFor,
} from '../../../test/builders';

const dayMs = 24 * 60 * 60 * 1000;
const project = 'Menara Site';

describe('device API', () => {
  let t: TestContext;
  const published: PublishedEvent[] = [];
  let actor: AuthUser;
  let clientId: string;

  beforeAll(async () => {
    t = await createTestContext();
    t.ctx.events.subscribe((event) => published.push(event));
    const { user } = await t.createUserWithToken({ role: 'Admin' });
    actor = { ...user, permissions: [], customPermissions: { granted: [], denied: [] } };
    clientId = (await buildClient(t, { companyName: 'Pengawal Setia Sdn Bhd' })).id;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    published.length = 0;
  });

  const licence = (overrides: Partial<LicenceRow> = {}) =>
    buildLicence(t, clientId, {
      validUntil: new Date(Date.now() + 30 * dayMs),
      features: ['nfc_patrol'],
      ...overrides,
    });
  let deviceCounter = 0;
  /** A fresh valid device ID for `project` (12 capitals or digits). */
  const newDeviceId = () =>
    deviceIdFor(project, `DEV${String((deviceCounter += 1)).padStart(9, '0')}`);
  const activate = (body: Record<string, unknown>) =>
    request(t.app).post('/api/device/activate').send(body);
  const activated = async (row: LicenceRow, deviceId = newDeviceId()) => {
    const response = await activate({ licenceKey: row.key, deviceId, projectName: project });
    expect(response.status).toBe(200);
    return { token: response.body.deviceToken as string, deviceId };
  };
  const reload = async (row: LicenceRow) =>
    (await t.database.db.select().from(licences).where(eq(licences.id, row.id)))[0]!;
  const heartbeat = (token: string) =>
    request(t.app)
      .post('/api/device/heartbeat')
      .set('Authorization', `Bearer ${token}`)
      .send({ appVersion: '2.4.0', batteryLevel: 80 });
  const readLicence = (token: string) =>
    request(t.app).get('/api/device/licence').set('Authorization', `Bearer ${token}`);

  describe('POST /api/device/activate', () => {
    it('binds an available licence, stores only the token hash and announces the bind after commit', async () => {
      const row = await licence();
      const deviceId = newDeviceId();
      const response = await activate({ licenceKey: row.key, deviceId, projectName: project });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        licence: {
          key: row.key,
          licenseType: 'Standard',
          status: 'active',
          remainingDays: 29,
          features: ['nfc_patrol'],
          deviceId,
          projectName: project,
          companyName: 'Pengawal Setia Sdn Bhd',
        },
      });
      const token = response.body.deviceToken as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const stored = await reload(row);
      expect(stored).toMatchObject({ bound: true, deviceId, projectName: project });
      expect(stored.deviceTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(stored.boundAt).toBeInstanceOf(Date);
      expect(stored.lastDeviceActivity).toBeInstanceOf(Date);

      const [activity] = await t.database.db
        .select()
        .from(activities)
        .where(eq(activities.type, 'licence_bound'));
      expect(activity).toMatchObject({ refs: { licenceKey: row.key } });
      expect(published.map((event) => event.event)).toEqual([
        'licenceUpdated',
        'activityUpdated',
        'licenceActivityUpdated',
      ]);
      expect(published[0]!.payload).toEqual({
        action: 'bind',
        licence: { key: row.key, bound: true, deviceId, projectName: project },
        clientId,
      });
    });

    it('refuses an unknown key (404)', async () => {
      const response = await activate({
        licenceKey: 'MP-NONE-NONE-NONE-NONE',
        deviceId: newDeviceId(),
        projectName: project,
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, error: 'NOT_FOUND' });
    });

    it('refuses an expired licence (403) and leaves it unbound', async () => {
      const row = await licence({ validUntil: new Date(Date.now() - dayMs) });
      const response = await activate({
        licenceKey: row.key,
        deviceId: newDeviceId(),
        projectName: project,
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        success: false,
        error: 'FORBIDDEN',
        message: deviceMessages.expired,
      });
      expect((await reload(row)).bound).toBe(false);
    });

    it('refuses a licence bound to another device (409)', async () => {
      const row = await licence();
      await activated(row);
      const response = await activate({
        licenceKey: row.key,
        deviceId: newDeviceId(),
        projectName: project,
      });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        error: 'CONFLICT',
        message: deviceMessages.boundElsewhere,
      });
    });

    it('refuses a device already bound to another licence (409)', async () => {
      const { deviceId } = await activated(await licence());
      const second = await licence();
      const response = await activate({ licenceKey: second.key, deviceId, projectName: project });
      expect(response.status).toBe(409);
      expect(response.body.error).toBe('CONFLICT');
      expect((await reload(second)).bound).toBe(false);
    });

    it('re-issues the token when the device activates again with its token; the old one stops working', async () => {
      const row = await licence();
      const first = await activated(row);
      published.length = 0;
      const again = await activate({
        licenceKey: row.key,
        deviceId: first.deviceId,
        projectName: project,
      }).set('Authorization', `Bearer ${first.token}`);
      expect(again.status).toBe(200);
      const second = again.body.deviceToken as string;

      expect(second).not.toBe(first.token);
      expect((await readLicence(first.token)).status).toBe(401);
      expect((await readLicence(second)).status).toBe(200);
      expect(published.map((event) => event.event)).toEqual(['licenceActivityUpdated']);
      expect(await reload(row)).toMatchObject({ activationCount: 2, lastDeviceId: first.deviceId });
    });

    it('activates a licence staff bound to this device without a token, the first time only', async () => {
      const row = await licence();
      const deviceId = newDeviceId();
      const [client] = await t.database.db.select().from(clients).where(eq(clients.id, clientId));
      const admin = await t.signIn('Admin');
      await request(t.app)
        .post('/api/licences/bind')
        .set('Authorization', `Bearer ${admin}`)
        .send({ licenceKey: row.key, companyId: client!.companyId, deviceId, projectName: project })
        .expect(200);
      const first = await activate({ licenceKey: row.key, deviceId, projectName: project });
      expect(first.status).toBe(200);
      const again = await activate({ licenceKey: row.key, deviceId, projectName: project });
      expect(again.status).toBe(409);
      expect((await readLicence(first.body.deviceToken)).status).toBe(200);
    });

    it('refuses a re-activation without the current token: the key and device id cannot take the device over', async () => {
      const row = await licence();
      const device = await activated(row);
      for (const token of [undefined, 'not-the-device-token']) {
        const pending = activate({
          licenceKey: row.key,
          deviceId: device.deviceId,
          projectName: project,
        });
        const takeover = await (token ? pending.set('Authorization', `Bearer ${token}`) : pending);
        expect(takeover.status).toBe(409);
        expect(takeover.body.message).toBe(deviceMessages.reactivationNeedsToken);
      }
      // The real device keeps working.
      expect((await readLicence(device.token)).status).toBe(200);
    });

    it('lets the app move a licence to a new device 3 times in 30 days, shown on the licence', async () => {
      const row = await licence();
      const unbind = () =>
        t.database.db
          .update(licences)
          .set({ bound: false, deviceId: null, projectName: null, deviceTokenHash: null })
          .where(eq(licences.id, row.id));
      const first = await activated(row);
      await unbind();
      // The same device binding again is not a move.
      await activated(row, first.deviceId);
      for (let move = 1; move <= 3; move += 1) {
        await unbind();
        await activated(row);
      }
      await unbind();
      const refused = await activate({
        licenceKey: row.key,
        deviceId: newDeviceId(),
        projectName: project,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(deviceMessages.transferBudgetSpent);

      const admin = await t.signIn('Admin');
      const [client] = await t.database.db.select().from(clients).where(eq(clients.id, clientId));
      const listed = await request(t.app)
        .get(`/api/clients/${client!.companyId}/licences?limit=100`)
        .set('Authorization', `Bearer ${admin}`)
        .expect(200);
      const shown = listed.body.licences.find((item: { key: string }) => item.key === row.key);
      expect(shown).toMatchObject({ activationCount: 5, transfersLeft: 0 });
      expect(shown.lastActivatedAt).toEqual(expect.any(String));
    });

    it('activates one licence at most 10 times an hour, whatever the address', async () => {
      const row = await licence();
      let device = await activated(row);
      for (
        let activation = 2;
        activation <= rateLimitRules.licenceActivations.limit;
        activation += 1
      ) {
        const renewed = await activate({
          licenceKey: row.key,
          deviceId: device.deviceId,
          projectName: project,
        })
          .set('Authorization', `Bearer ${device.token}`)
          .set('X-Forwarded-For', `198.51.100.${activation}`);
        expect(renewed.status).toBe(200);
        device = { ...device, token: renewed.body.deviceToken as string };
      }
      const refused = await activate({
        licenceKey: row.key,
        deviceId: device.deviceId,
        projectName: project,
      }).set('Authorization', `Bearer ${device.token}`);
      expect(refused.status).toBe(429);
    });

    it('binds exactly one of two devices activating the same key at once', async () => {
      const row = await licence();
      const responses = await Promise.all([
        activate({ licenceKey: row.key, deviceId: newDeviceId(), projectName: project }),
        activate({ licenceKey: row.key, deviceId: newDeviceId(), projectName: project }),
      ]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    });

    it('answers 429 to an address after its failed activations, even for a valid key', async () => {
      // The proxy header (trusted from loopback) gives this test an address of its own.
      const fromAddress = (body: Record<string, unknown>) =>
        activate(body).set('X-Forwarded-For', '203.0.113.9');
      const unknownKey = {
        licenceKey: 'MP-NONE-NONE-NONE-NONE',
        deviceId: newDeviceId(),
        projectName: project,
      };
      for (let attempt = 0; attempt < rateLimitRules.deviceActivationFailures.limit; attempt += 1) {
        expect((await fromAddress(unknownKey)).status).toBe(404);
      }
      const row = await licence();
      const refused = await fromAddress({
        licenceKey: row.key,
        deviceId: newDeviceId(),
        projectName: project,
      });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('RATE_LIMITED');
      expect((await reload(row)).bound).toBe(false);
      // Other addresses are not held up.
      await activated(row);
    });

    it.each([
      [{ deviceId: 'MPDID-abc-Menara Site' }, 'deviceId', licenceMessages.deviceIdFormat],
      [{ deviceId: 'MPDID-ABCDEF123456-Other Site' }, 'deviceId', licenceMessages.deviceIdFormat],
      [{ projectName: 'Menara-Site!' }, 'projectName', licenceMessages.projectNameCharacters],
      [{ projectName: 'A'.repeat(26) }, 'projectName', licenceMessages.projectNameLength],
      [{ deviceId: '' }, 'deviceId', licenceMessages.bindRequired],
      [{ licenceKey: ' ' }, 'licenceKey', licenceMessages.licenceKeyRequired],
    ])('refuses %o with the message of %s (400)', async (override, field, message) => {
      const row = await licence();
      const response = await activate({
        licenceKey: row.key,
        deviceId: newDeviceId(),
        projectName: project,
        ...override,
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: 'VALIDATION_ERROR',
        errors: { [field]: message },
      });
      expect((await reload(row)).bound).toBe(false);
    });
  });

  describe('POST /api/device/heartbeat', () => {
    it('buffers beats: one statement per flush, one write per device, the latest beat kept', async () => {
      const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      const [first, second] = [await licence(), await licence()];
      const devices = [await activated(first), await activated(second)];
      await t.ctx.heartbeats.flush();
      for (const row of [first, second]) {
        await t.database.db
          .update(licences)
          .set({ lastDeviceActivity: longAgo })
          .where(eq(licences.id, row.id));
      }
      for (const token of [
        devices[0].token,
        devices[0].token,
        devices[1].token,
        devices[0].token,
      ]) {
        expect((await heartbeat(token)).status).toBe(200);
      }
      expect(t.ctx.heartbeats.size).toBe(2);
      const latest = t.ctx.heartbeats.peek(first.id)!.at;
      expect((await reload(first)).lastDeviceActivity).toEqual(longAgo);

      const execute = vi.spyOn(t.ctx.db, 'execute');
      try {
        await t.ctx.heartbeats.flush();
        expect(execute).toHaveBeenCalledTimes(1);
      } finally {
        execute.mockRestore();
      }
      expect(t.ctx.heartbeats.size).toBe(0);
      expect((await reload(first)).lastDeviceActivity).toEqual(latest);
      const { summary } = await computeLicenceActivityFigures(t.database.db);
      expect(summary.activeNow).toBeGreaterThanOrEqual(2);
    });

    it('drops a buffered beat whose licence was unbound before the flush', async () => {
      const row = await licence();
      const { token } = await activated(row);
      expect((await heartbeat(token)).status).toBe(200);
      await unbindLicence(t.ctx, actor, { licenceKey: row.key, companyId: 'system' });
      await t.ctx.heartbeats.flush();
      expect(await reload(row)).toMatchObject({ bound: false, lastDeviceActivity: null });
      expect((await heartbeat(token)).status).toBe(401);
    });

    it('records the activity and announces it', async () => {
      const row = await licence();
      const { token, deviceId } = await activated(row);
      const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await t.database.db
        .update(licences)
        .set({ lastDeviceActivity: longAgo })
        .where(eq(licences.id, row.id));
      published.length = 0;

      const response = await heartbeat(token);
      await t.ctx.heartbeats.flush();

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        licence: { key: row.key, status: 'active', deviceId },
      });
      const lastActivity = (await reload(row)).lastDeviceActivity!;
      expect(Date.now() - lastActivity.getTime()).toBeLessThan(10_000);
      expect(published).toEqual([
        {
          event: 'licenceActivityUpdated',
          payload: {
            licenceKey: row.key,
            deviceId,
            clientId,
            lastDeviceActivity: lastActivity.toISOString(),
          },
        },
      ]);
    });

    it('announces a device at most once a minute', async () => {
      const { token } = await activated(await licence());
      published.length = 0;
      expect((await heartbeat(token)).status).toBe(200);
      expect(published).toEqual([]);
    });

    it('refuses a missing or unknown token (401)', async () => {
      const missing = await request(t.app).post('/api/device/heartbeat').send({});
      expect(missing.status).toBe(401);
      expect(missing.body.message).toBe(deviceMessages.tokenRequired);
      const unknown = await heartbeat('not-a-device-token');
      expect(unknown.status).toBe(401);
      expect(unknown.body).toMatchObject({
        error: 'UNAUTHENTICATED',
        message: deviceMessages.tokenInvalid,
      });
    });

    it('refuses the device once its licence was unbound or deleted (401)', async () => {
      const unboundRow = await licence();
      const unbound = await activated(unboundRow);
      await unbindLicence(t.ctx, actor, {
        licenceKey: unboundRow.key,
        companyId: 'system',
      });
      expect((await heartbeat(unbound.token)).status).toBe(401);

      const deletedRow = await licence();
      const deleted = await activated(deletedRow);
      await deleteLicence(t.ctx, actor, deletedRow.key);
      expect((await heartbeat(deleted.token)).status).toBe(401);
    });

    it('refuses an expired licence (403) without recording activity; the licence read says expired', async () => {
      const row = await licence();
      const { token } = await activated(row);
      const expiredAt = new Date(Date.now() - dayMs);
      await t.database.db
        .update(licences)
        .set({ validUntil: expiredAt, lastDeviceActivity: null })
        .where(eq(licences.id, row.id));

      const response = await heartbeat(token);
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ error: 'FORBIDDEN', message: deviceMessages.expired });
      expect((await reload(row)).lastDeviceActivity).toBeNull();

      const read = await readLicence(token);
      expect(read.status).toBe(200);
      expect(read.body.licence).toMatchObject({ status: 'expired', remainingDays: 0 });
    });

    it('refuses the devices of a deactivated client (403); the licence read says suspended', async () => {
      const otherClient = await buildClient(t);
      const row = await buildLicence(t, otherClient.id);
      const { token } = await activated(row);
      await t.database.db
        .update(clients)
        .set({ active: false })
        .where(eq(clients.id, otherClient.id));

      const response = await heartbeat(token);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(deviceMessages.suspended);
      const read = await readLicence(token);
      expect(read.body.licence).toMatchObject({
        status: 'suspended',
        validUntil: null,
        remainingDays: null,
      });
    });

    it('answers 429 once a token has used its calls for the minute', async () => {
      const { token } = await activated(await licence());
      for (let call = 0; call < rateLimitRules.deviceCalls.limit; call += 1) {
        expect((await readLicence(token)).status).toBe(200);
      }
      const refused = await readLicence(token);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('RATE_LIMITED');
    });
  });

  describe('GET /api/device/licence', () => {
    it("answers the licence's state without recording activity", async () => {
      const row = await licence({
        licenceType: 'Premium',
        validUntil: new Date(Date.now() + 365.5 * dayMs),
      });
      const { token, deviceId } = await activated(row);
      const before = (await reload(row)).lastDeviceActivity;
      published.length = 0;

      const response = await readLicence(token);

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        licence: {
          key: row.key,
          licenseType: 'Premium',
          status: 'active',
          remainingDays: 365,
          deviceId,
        },
      });
      expect(Date.parse(response.body.serverTime)).not.toBeNaN();
      expect((await reload(row)).lastDeviceActivity).toEqual(before);
      expect(published).toEqual([]);
    });
  });
});
