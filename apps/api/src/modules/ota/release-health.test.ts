import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, otaVersions } from '../../db/schema';
import { bearer, createTestContext, type TestContext } from '../../../test/builders';
import { releaseHealthFixture } from './release-health-test-fixture';
import { refreshReleaseHealth, refreshReleaseHealthIfDue } from './release-health.service';

let t: TestContext;
let viewer: string;
const f = releaseHealthFixture(() => t);
// Half past noon: the last 24 hours are today's 13 hours and yesterday's last 11.
const now = new Date('2026-11-27T12:30:00Z');
const hour = (hoursAgo: number) =>
  new Date(Date.parse('2026-11-27T12:00:00Z') - hoursAgo * 3_600_000);

beforeAll(async () => {
  t = await createTestContext();
  viewer = await t.signIn('Admin');
});
afterAll(() => t.close());
beforeEach(() => f.clear());

const stored = async (id: string) =>
  (await t.database.db.select().from(otaVersions).where(eq(otaVersions.id, id)))[0]!;

describe('release health figures', () => {
  it('stores each release’s vitals to the decimal and the versions list shows them', async () => {
    const release = await f.release({ version: '4.1.0', versionCode: 41, isActive: true });
    // The last 24 hours: 600 + 400 sessions, 3 + 2 crashed; 30 hours ago (outside): 100, 10.
    await f.sessions(41, hour(0), { started: 600, exited: 590, crashed: 3, abnormal: 7, anr: 1 });
    await f.sessions(41, hour(20), { started: 400, exited: 398, crashed: 2 });
    await f.sessions(41, hour(30), { started: 100, exited: 90, crashed: 10 });
    // Yesterday and today: 300 and 500 daily users, 4 and 5 of them with a perceived crash.
    await f.dailyUsers(41, '2026-11-25', 50, 5, 5);
    await f.dailyUsers(41, '2026-11-26', 300, 4, 1);
    await f.dailyUsers(41, '2026-11-27', 500, 5, 2);
    await f.devices(41, 630, 9, hour(1));
    await f.devices(41, 10, 10, hour(40));
    // Adoption: 630 of the 2,520 devices seen in the last day run it (not the older ten).
    await t.database.db.execute(
      `insert into device_app_versions (device_id, platform, version_code, reported_at)
       select device_id, platform, version_code, last_seen_at from release_devices`,
    );
    await t.database.db.execute(
      `insert into device_app_versions (device_id, platform, version_code, reported_at)
       select 'MPDID-OLD' || n, 'android', 40, '2026-11-27T10:00:00Z' from generate_series(1, 1890) n`,
    );

    await refreshReleaseHealth(t.ctx, now);

    const list = await request(t.app).get('/api/ota/versions').set(bearer(viewer)).expect(200);
    const [shown] = list.body.versions;
    expect(shown.id).toBe(release.id);
    expect(shown.vitals).toEqual({
      last24h: {
        // 995 of 1,000 sessions crash-free; 621 of 630 devices.
        crashFreeSessions: 99.5,
        crashFreeDevices: 98.57,
        // (4 + 5) / 800 and (1 + 2) / 800.
        userPerceivedCrashRate: 1.13,
        userPerceivedAnrRate: 0.38,
        sessions: 1000,
        crashedSessions: 5,
        devices: 630,
        crashedDevices: 9,
        userDays: 800,
      },
      sinceRelease: {
        // 1,085 of 1,100; 621 of 640 devices; (5 + 4 + 5) / 850 and (5 + 1 + 2) / 850.
        crashFreeSessions: 98.64,
        crashFreeDevices: 97.03,
        userPerceivedCrashRate: 1.65,
        userPerceivedAnrRate: 0.94,
        sessions: 1100,
        crashedSessions: 15,
        devices: 640,
        crashedDevices: 19,
        userDays: 850,
      },
      adoption: 25,
      evaluatedAt: now.toISOString(),
    });
    expect(shown.health).toMatchObject({ devices: 630, crashedDevices: 9 });
    expect(shown.ladder).toEqual({
      steps: [1, 5, 10, 25, 50, 100],
      state: 'complete',
      stepStartedAt: null,
      minMinutes: 60,
      minSessions: 200,
      nextStep: null,
      haltRule: null,
    });
  });
});

describe('rollouts that stop on evidence', () => {
  async function staged(percent = 10) {
    await f.release({ version: '5.0.0', versionCode: 50 });
    return f.release({
      version: '5.1.0',
      versionCode: 51,
      isActive: true,
      rolloutPercent: percent,
      rolloutStepAt: hour(2),
    });
  }

  it('halts when crash-free sessions are worse at 95 % than the previous release’s', async () => {
    const next = await staged();
    await f.sessions(50, hour(1), { started: 2000, exited: 1980, crashed: 20 });
    await f.sessions(51, hour(1), { started: 2000, exited: 1960, crashed: 40 });
    await refreshReleaseHealth(t.ctx, now);

    const halted = await stored(next.id);
    const reason =
      'Crash-free sessions 98% (2000 sessions) against 99% (2000) on 5.0.0 over the same hours: worse at 95% confidence (z = 2.6)';
    expect(halted).toMatchObject({
      rolloutPausedAt: now,
      rolloutPauseReason: reason,
      haltRule: 'crashFreeSessions',
    });
    const message = `Rollout of 5.1.0 halted at 10%: ${reason}`;
    expect(t.published).toContainEqual({
      event: 'ota_update',
      payload: { type: 'rollout_halted', version: '5.1.0', timestamp: now.toISOString(), message },
    });
    expect(t.published).toContainEqual({
      event: 'systemAlert',
      payload: expect.objectContaining({ severity: 'critical', source: 'otaRollout', message }),
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, next.id));
    expect(entry).toMatchObject({ action: 'ota.rollout_halted_by_health', actorId: null });
    const mail = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Rollout of 5.1.0 halted'));
    expect(mail.length).toBeGreaterThan(0);
    expect(mail[0]!.text).toContain(reason);

    // Halted once: the next minute changes nothing and announces nothing.
    const before = t.published.length;
    await refreshReleaseHealth(t.ctx, new Date(now.getTime() + 60_000));
    expect(t.published.length).toBe(before);
  });

  it('does not halt on noise: the same rates over too few sessions', async () => {
    const next = await staged();
    await f.sessions(50, hour(1), { started: 500, exited: 495, crashed: 5 });
    await f.sessions(51, hour(1), { started: 500, exited: 490, crashed: 10 });
    await refreshReleaseHealth(t.ctx, now);
    expect((await stored(next.id)).rolloutPausedAt).toBeNull();
  });

  it("halts past Google Play's user-perceived crash and ANR thresholds", async () => {
    const next = await staged();
    await f.dailyUsers(51, '2026-11-27', 1000, 11, 0);
    await refreshReleaseHealth(t.ctx, now);
    expect(await stored(next.id)).toMatchObject({
      haltRule: 'playCrashRate',
      rolloutPauseReason:
        "User-perceived crash rate 1.1% of 1000 daily users reaches Google Play's bad-behaviour threshold of 1.09%",
    });

    await f.clear();
    const other = await staged();
    await f.dailyUsers(51, '2026-11-27', 1000, 10, 5);
    await refreshReleaseHealth(t.ctx, now);
    expect(await stored(other.id)).toMatchObject({ haltRule: 'playAnrRate' });
  });

  it('halts when a crash group new to the release reaches 1 % of its sessions', async () => {
    const next = await staged();
    await f.sessions(51, hour(1), { started: 500, exited: 495, crashed: 5 });
    // Seen on 5.0.0 first: not new, however large.
    const old = await f.crashGroup('5.0.0', 'Old crash', 1, hour(50));
    await t.database.db.execute(
      `insert into crash_group_versions (fingerprint, app_version, occurrences, first_seen, last_seen)
       values ('${old}', '5.1.0', 50, now(), now())`,
    );
    await f.crashGroup('5.1.0', 'IllegalStateException in PatrolService', 5, hour(1));
    await refreshReleaseHealth(t.ctx, now);
    expect(await stored(next.id)).toMatchObject({
      haltRule: 'newCrashGroup',
      rolloutPauseReason:
        'New crash group "IllegalStateException in PatrolService" in 5 of 500 sessions (1%), at least 1%',
    });
  });

  it('climbs its ladder after the minimum time and sessions, and not while held', async () => {
    const next = await staged(5);
    await f.sessions(50, hour(1), { started: 300, exited: 300 });
    await f.sessions(51, hour(1), { started: 150, exited: 150 });
    await refreshReleaseHealth(t.ctx, now);
    // 150 sessions at the step: below the 200 it needs.
    expect((await stored(next.id)).rolloutPercent).toBe(5);

    await f.sessions(51, hour(0), { started: 100, exited: 100 });
    await t.database.db
      .update(otaVersions)
      .set({ rolloutHeld: true })
      .where(eq(otaVersions.id, next.id));
    await refreshReleaseHealth(t.ctx, new Date(now.getTime() + 60_000));
    expect((await stored(next.id)).rolloutPercent).toBe(5);

    await t.database.db
      .update(otaVersions)
      .set({ rolloutHeld: false })
      .where(eq(otaVersions.id, next.id));
    const later = new Date(now.getTime() + 120_000);
    await refreshReleaseHealth(t.ctx, later);
    expect(await stored(next.id)).toMatchObject({ rolloutPercent: 10, rolloutStepAt: later });
    expect(t.published).toContainEqual({
      event: 'ota_update',
      payload: expect.objectContaining({
        type: 'rollout_changed',
        message: 'Rollout of 5.1.0 advanced to 10% (healthy at its step)',
      }),
    });
    // The new step's clock has just started: no second step in the same hour.
    await refreshReleaseHealth(t.ctx, new Date(later.getTime() + 60_000));
    expect((await stored(next.id)).rolloutPercent).toBe(10);
  });

  it('refreshes once a minute between workers: one at a time, and not again within the minute', async () => {
    const watched = await f.release({ version: '7.0.0', versionCode: 70 });
    const together = await Promise.all([
      refreshReleaseHealthIfDue(t.ctx, now),
      refreshReleaseHealthIfDue(t.ctx, now),
    ]);
    expect(together.filter(Boolean)).toHaveLength(1);
    expect(await stored(watched.id)).toMatchObject({ healthCheckedAt: now });
    expect(await refreshReleaseHealthIfDue(t.ctx, new Date(now.getTime() + 30_000))).toBe(false);
    const aMinuteLater = new Date(now.getTime() + 60_000);
    expect(await refreshReleaseHealthIfDue(t.ctx, aMinuteLater)).toBe(true);
    expect((await stored(watched.id)).healthCheckedAt).toEqual(aMinuteLater);
  });

  it('refreshes as often as RELEASE_HEALTH_INTERVAL_SECONDS says', async () => {
    const watched = await f.release({ version: '7.1.0', versionCode: 71 });
    const everyTenSeconds = {
      ...t.ctx,
      config: { ...t.ctx.config, releaseHealthIntervalMs: 10_000 },
    };
    expect(await refreshReleaseHealthIfDue(everyTenSeconds, now)).toBe(true);
    expect(await refreshReleaseHealthIfDue(everyTenSeconds, new Date(now.getTime() + 5_000))).toBe(
      false,
    );
    const tenSecondsLater = new Date(now.getTime() + 10_000);
    expect(await refreshReleaseHealthIfDue(everyTenSeconds, tenSecondsLater)).toBe(true);
    expect((await stored(watched.id)).healthCheckedAt).toEqual(tenSecondsLater);
  });
});
