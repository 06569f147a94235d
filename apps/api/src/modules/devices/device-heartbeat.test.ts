import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { clients, licences } from '../../db/schema';
import { rateLimitRules } from '../../security/rate-limits';
import {
  computeLicenceActivityFigures,
  deleteLicence,
  unbindLicence,
} from '../licences/licences.service';
import { buildClient, buildLicence } from '../../../test/builders';
import { deviceMessages } from './device-auth';
import { dayMs, setUpDevicesFixture } from './devices-test-fixture';

describe('device API: heartbeat and licence', () => {
  const { fixture, licence, activated, reload, heartbeat, readLicence } = setUpDevicesFixture();

  describe('POST /api/device/heartbeat', () => {
    it('buffers beats: one statement per flush, one write per device, the latest beat kept', async () => {
      const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      const [first, second] = [await licence(), await licence()];
      const devices = [await activated(first), await activated(second)];
      await fixture.t.ctx.heartbeats.flush();
      for (const row of [first, second]) {
        await fixture.t.database.db
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
      expect(fixture.t.ctx.heartbeats.size).toBe(2);
      const latest = fixture.t.ctx.heartbeats.peek(first.id)!.at;
      expect((await reload(first)).lastDeviceActivity).toEqual(longAgo);

      const execute = vi.spyOn(fixture.t.ctx.db, 'execute');
      try {
        await fixture.t.ctx.heartbeats.flush();
        expect(execute).toHaveBeenCalledTimes(1);
      } finally {
        execute.mockRestore();
      }
      expect(fixture.t.ctx.heartbeats.size).toBe(0);
      expect((await reload(first)).lastDeviceActivity).toEqual(latest);
      const { summary } = await computeLicenceActivityFigures(fixture.t.database.db);
      expect(summary.activeNow).toBeGreaterThanOrEqual(2);
    });

    it('drops a buffered beat whose licence was unbound before the flush', async () => {
      const row = await licence();
      const { token } = await activated(row);
      expect((await heartbeat(token)).status).toBe(200);
      await unbindLicence(fixture.t.ctx, fixture.actor, {
        licenceKey: row.key,
        companyId: 'system',
      });
      await fixture.t.ctx.heartbeats.flush();
      expect(await reload(row)).toMatchObject({ bound: false, lastDeviceActivity: null });
      expect((await heartbeat(token)).status).toBe(401);
    });

    it('records the activity and announces it', async () => {
      const row = await licence();
      const { token, deviceId } = await activated(row);
      const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await fixture.t.database.db
        .update(licences)
        .set({ lastDeviceActivity: longAgo })
        .where(eq(licences.id, row.id));
      fixture.t.published.length = 0;

      const response = await heartbeat(token);
      await fixture.t.ctx.heartbeats.flush();

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        licence: { key: row.key, status: 'active', deviceId },
      });
      const lastActivity = (await reload(row)).lastDeviceActivity!;
      expect(Date.now() - lastActivity.getTime()).toBeLessThan(10_000);
      expect(fixture.t.published).toEqual([
        {
          event: 'licenceActivityUpdated',
          payload: {
            licenceKey: row.key,
            deviceId,
            clientId: fixture.clientId,
            lastDeviceActivity: lastActivity.toISOString(),
          },
        },
      ]);
    });

    it('announces a device at most once a minute', async () => {
      const { token } = await activated(await licence());
      fixture.t.published.length = 0;
      expect((await heartbeat(token)).status).toBe(200);
      expect(fixture.t.published).toEqual([]);
    });

    it('refuses a missing or unknown token (401)', async () => {
      const missing = await request(fixture.t.app).post('/api/device/heartbeat').send({});
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
      await unbindLicence(fixture.t.ctx, fixture.actor, {
        licenceKey: unboundRow.key,
        companyId: 'system',
      });
      expect((await heartbeat(unbound.token)).status).toBe(401);

      const deletedRow = await licence();
      const deleted = await activated(deletedRow);
      await deleteLicence(fixture.t.ctx, fixture.actor, deletedRow.key);
      expect((await heartbeat(deleted.token)).status).toBe(401);
    });

    it('refuses an expired licence (403) without recording activity; the licence read says expired', async () => {
      const row = await licence();
      const { token } = await activated(row);
      const expiredAt = new Date(Date.now() - dayMs);
      await fixture.t.database.db
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
      const otherClient = await buildClient(fixture.t);
      const row = await buildLicence(fixture.t, otherClient.id);
      const { token } = await activated(row);
      await fixture.t.database.db
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
      // Held at a minute's start: across the edge the sliding window lets a fraction more through.
      const minute = rateLimitRules.deviceCalls.windowMs;
      vi.useFakeTimers({ now: Math.floor(Date.now() / minute) * minute, toFake: ['Date'] });
      onTestFinished(() => {
        vi.useRealTimers();
      });
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
      fixture.t.published.length = 0;

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
      expect(fixture.t.published).toEqual([]);
    });
  });
});
