import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, deviceAppVersions, otaVersions, type NewOtaVersionRow } from '../../db/schema';
import {
  bearer,
  buildCrashReport,
  createTestContext,
  type TestContext,
} from '../../../test/builders';
import { refreshReleaseHealth, refreshReleaseHealthIfDue } from './release-health.service';

let t: TestContext;
let viewer: string;
const now = new Date();
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);

beforeAll(async () => {
  t = await createTestContext();
  viewer = await t.signIn('Admin');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(otaVersions);
  await t.database.db.delete(deviceAppVersions);
});

async function release(
  values: Partial<NewOtaVersionRow> & { version: string; versionCode: number },
) {
  const [row] = await t.database.db
    .insert(otaVersions)
    .values({
      packageName: 'com.patrol.guard',
      fileSize: 1000,
      checksum: 'a'.repeat(64),
      filePath: `${values.version}.apk`,
      ...values,
    })
    .returning();
  return row!;
}

/** `count` devices that last reported running `versionCode`, `crashed` of them with a crash. */
async function fleetOn(
  version: string,
  versionCode: number,
  count: number,
  crashed: number,
  reportedAt = hoursAgo(1),
) {
  for (let n = 0; n < count; n += 1) {
    const deviceId = `MPDID-${randomUUID().slice(0, 12).toUpperCase()}-Health`;
    await t.database.db.insert(deviceAppVersions).values({ deviceId, versionCode, reportedAt });
    if (n < crashed) {
      await buildCrashReport(t, { deviceId, appInfo: { version }, severity: 'high' });
      // A second report from the same device counts the device once.
      await buildCrashReport(t, { deviceId, appInfo: { version } });
    }
  }
}

const stored = async (id: string) =>
  (await t.database.db.select().from(otaVersions).where(eq(otaVersions.id, id)))[0]!;

describe('release health', () => {
  it('pauses a staged rollout whose crash-free rate falls well below the previous release', async () => {
    await release({ version: '4.0.0', versionCode: 40 });
    const next = await release({
      version: '4.1.0',
      versionCode: 41,
      isActive: true,
      rolloutPercent: 20,
    });
    await fleetOn('4.0.0', 40, 20, 0);
    await fleetOn('4.1.0', 41, 12, 3);
    // A debug report is not a crash, and devices outside the window do not count.
    await buildCrashReport(t, {
      appInfo: { version: '4.1.0' },
      reportType: 'debug',
      deviceId: 'X',
    });
    await fleetOn('4.1.0', 41, 5, 5, hoursAgo(30));

    await refreshReleaseHealth(t.ctx, now);

    const paused = await stored(next.id);
    expect(paused).toMatchObject({ healthDevices: 12, healthCrashedDevices: 3 });
    expect(paused.rolloutPausedAt).toEqual(now);
    expect(paused.rolloutPauseReason).toBe('Crash-free devices 75% against 100% on 4.0.0');
    expect(t.published).toContainEqual({
      event: 'systemAlert',
      payload: expect.objectContaining({
        severity: 'critical',
        source: 'otaRollout',
        message: 'Rollout of 4.1.0 paused: Crash-free devices 75% against 100% on 4.0.0',
      }),
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, next.id));
    expect(entry).toMatchObject({ action: 'ota.rollout_paused_by_health', actorId: null });

    // The versions list shows each release's health beside it; a paused rollout offers nothing.
    const list = await request(t.app)
      .get('/api/ota/versions?includeInactive=true')
      .set(bearer(viewer))
      .expect(200);
    expect(list.body.versions.map((v: { health: unknown }) => v.health)).toEqual([
      { devices: 12, crashedDevices: 3, crashFreeRate: 75, checkedAt: now.toISOString() },
      { devices: 20, crashedDevices: 0, crashFreeRate: 100, checkedAt: now.toISOString() },
    ]);
  });

  it('leaves a rollout running within the allowed drop, with too few devices, or at 100%', async () => {
    await release({ version: '5.0.0', versionCode: 50 });
    const small = await release({ version: '5.1.0', versionCode: 51 });
    const steady = await release({
      version: '5.2.0',
      versionCode: 52,
      isActive: true,
      rolloutPercent: 50,
    });
    await fleetOn('5.0.0', 50, 20, 1);
    await fleetOn('5.1.0', 51, 4, 4);
    await fleetOn('5.2.0', 52, 20, 2);
    await refreshReleaseHealth(t.ctx, now);
    expect((await stored(steady.id)).rolloutPausedAt).toBeNull();
    expect((await stored(small.id)).rolloutPausedAt).toBeNull();
  });

  it('pauses once: a paused rollout stays as it is until a person resumes it', async () => {
    await release({ version: '6.0.0', versionCode: 60 });
    const next = await release({
      version: '6.1.0',
      versionCode: 61,
      isActive: true,
      rolloutPercent: 10,
    });
    await fleetOn('6.0.0', 60, 10, 0);
    await fleetOn('6.1.0', 61, 10, 10);
    await refreshReleaseHealth(t.ctx, now);
    const alerts = () => t.published.filter((event) => event.event === 'systemAlert').length;
    const before = alerts();
    await refreshReleaseHealth(t.ctx, new Date(now.getTime() + 60_000));
    expect(alerts()).toBe(before);
    expect((await stored(next.id)).rolloutPausedAt).toEqual(now);
  });

  it('refreshes once a minute between workers: one at a time, and not again within the minute', async () => {
    const watched = await release({ version: '7.0.0', versionCode: 70 });
    await fleetOn('7.0.0', 70, 3, 0);
    // Two workers whose minutes come together: one refreshes, the other finds it done.
    const together = await Promise.all([
      refreshReleaseHealthIfDue(t.ctx, now),
      refreshReleaseHealthIfDue(t.ctx, now),
    ]);
    expect(together.filter(Boolean)).toHaveLength(1);
    expect(await stored(watched.id)).toMatchObject({ healthDevices: 3, healthCheckedAt: now });

    const halfAMinuteLater = new Date(now.getTime() + 30_000);
    expect(await refreshReleaseHealthIfDue(t.ctx, halfAMinuteLater)).toBe(false);
    expect((await stored(watched.id)).healthCheckedAt).toEqual(now);

    const aMinuteLater = new Date(now.getTime() + 60_000);
    expect(await refreshReleaseHealthIfDue(t.ctx, aMinuteLater)).toBe(true);
    expect((await stored(watched.id)).healthCheckedAt).toEqual(aMinuteLater);
  });
});
