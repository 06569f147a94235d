import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deviceAppVersions,
  releaseDailyUsers,
  releaseDevices,
  releaseSessionHours,
} from '../../db/schema';
import { deviceMessages } from './device-auth';
import { dayMs, setUpDevicesFixture } from './devices-test-fixture';

describe('device API: session pings', () => {
  const { fixture, licence, activated } = setUpDevicesFixture();
  const ping = (token: string, body: Record<string, unknown>) =>
    request(fixture.t.app)
      .post('/api/device/session')
      .set('Authorization', `Bearer ${token}`)
      .send({ versionCode: 300, versionName: '3.0.0', ...body });
  const hours = () =>
    fixture.t.database.db
      .select()
      .from(releaseSessionHours)
      .where(eq(releaseSessionHours.versionCode, 300));
  const days = () =>
    fixture.t.database.db
      .select()
      .from(releaseDailyUsers)
      .where(eq(releaseDailyUsers.versionCode, 300));

  beforeEach(async () => {
    await fixture.t.database.db.delete(releaseSessionHours);
    await fixture.t.database.db.delete(releaseDailyUsers);
    await fixture.t.database.db.delete(releaseDevices);
  });

  it('counts sessions per release per hour in one flush, a resume and repeats once', async () => {
    const a = await activated(await licence());
    const b = await activated(await licence());
    for (const [token, body] of [
      [a.token, { sessionId: 'session-a1', event: 'start' }],
      // Back within 30 s: the same session id again is a resume, not a new session.
      [a.token, { sessionId: 'session-a1', event: 'start' }],
      [a.token, { sessionId: 'session-a1', event: 'end', status: 'crashed' }],
      [b.token, { sessionId: 'session-b1', event: 'start' }],
      [b.token, { sessionId: 'session-b1', event: 'end', status: 'abnormal', anr: true }],
    ] as const) {
      const response = await ping(token, body);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, accepted: true });
    }
    // Nothing is written until the buffer flushes: one transaction for every device.
    expect(await hours()).toEqual([]);
    const transaction = vi.spyOn(fixture.t.ctx.db, 'transaction');
    try {
      await fixture.t.ctx.sessionPings.flush();
      expect(transaction).toHaveBeenCalledTimes(1);
    } finally {
      transaction.mockRestore();
    }
    expect(await hours()).toEqual([
      expect.objectContaining({ started: 2, exited: 0, crashed: 1, abnormal: 1, anr: 1 }),
    ]);
    expect(await days()).toEqual([
      expect.objectContaining({ users: 2, perceivedCrashUsers: 1, perceivedAnrUsers: 1 }),
    ]);

    // The same start sent again in a later second is still the same session.
    expect((await ping(a.token, { sessionId: 'session-a1', event: 'start' })).status).toBe(200);
    expect((await ping(a.token, { sessionId: 'session-a2', event: 'start' })).status).toBe(200);
    await fixture.t.ctx.sessionPings.flush();
    expect((await hours())[0]).toMatchObject({ started: 3, crashed: 1 });
    // The device is one daily user however many sessions it runs.
    expect((await days())[0]).toMatchObject({ users: 2 });
    const [version] = await fixture.t.database.db
      .select()
      .from(deviceAppVersions)
      .where(eq(deviceAppVersions.deviceId, a.deviceId));
    expect(version).toMatchObject({ versionCode: 300, versionName: '3.0.0' });
    const [row] = await fixture.t.database.db
      .select()
      .from(releaseDevices)
      .where(and(eq(releaseDevices.deviceId, a.deviceId), eq(releaseDevices.versionCode, 300)));
    expect(row).toMatchObject({ sessionId: 'session-a2', endedSessionId: 'session-a1' });
  });

  it('refuses an end without a status and a malformed session id (400)', async () => {
    const { token } = await activated(await licence());
    const noStatus = await ping(token, { sessionId: 'session-x1', event: 'end' });
    expect(noStatus.status).toBe(400);
    expect(noStatus.body.errors.status).toBe(
      'An end ping needs a status: exited, crashed or abnormal',
    );
    const badId = await ping(token, { sessionId: 'no', event: 'start' });
    expect(badId.status).toBe(400);
    expect(badId.body.errors.sessionId).toBe(
      'sessionId must be 8 to 64 letters, digits or hyphens',
    );
  });

  it('refuses an expired licence (403) and an unknown token (401), counting nothing', async () => {
    const row = await licence({ validUntil: new Date(Date.now() + dayMs) });
    const { token } = await activated(row);
    vi.useFakeTimers({ now: Date.now() + 2 * dayMs, toFake: ['Date'] });
    try {
      const expired = await ping(token, { sessionId: 'session-e1', event: 'start' });
      expect(expired.status).toBe(403);
      expect(expired.body.message).toBe(deviceMessages.expired);
    } finally {
      vi.useRealTimers();
    }
    expect((await ping('not-a-token', { sessionId: 'session-e2', event: 'start' })).status).toBe(
      401,
    );
    await fixture.t.ctx.sessionPings.flush();
    expect(await hours()).toEqual([]);
  });

  it('shares the heartbeat rate limit (429 past 30 calls a minute)', async () => {
    const { token } = await activated(await licence());
    for (let n = 0; n < 30; n += 1) {
      await request(fixture.t.app)
        .post('/api/device/heartbeat')
        .set('Authorization', `Bearer ${token}`)
        .send({});
    }
    expect((await ping(token, { sessionId: 'session-r1', event: 'start' })).status).toBe(429);
  });
});
