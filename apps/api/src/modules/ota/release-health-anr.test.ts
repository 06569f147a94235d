import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otaVersions } from '../../db/schema';
import { buildCrashReport, createTestContext, type TestContext } from '../../../test/builders';
import { releaseHealthFixture } from './release-health-test-fixture';
import { refreshReleaseHealth } from './release-health.service';

let t: TestContext;
const f = releaseHealthFixture(() => t);
const now = new Date('2026-11-27T12:30:00Z');

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('ANR reports in release health', () => {
  it("counts devices with an ANR report of kind 'anr' among the day's ANR users", async () => {
    await f.release({ version: '6.0.0', versionCode: 60 });
    const next = await f.release({
      version: '6.1.0',
      versionCode: 61,
      isActive: true,
      rolloutPercent: 10,
    });
    // 200 daily users today, one ANR from the session pings; five devices reported an ANR.
    await f.dailyUsers(61, '2026-11-27', 200, 0, 1);
    for (let n = 0; n < 5; n += 1) {
      await buildCrashReport(t, {
        kind: 'anr',
        deviceId: `MPDID-ANR${n}`,
        appInfo: { version: '6.1.0' },
        createdAt: new Date('2026-11-27T11:00:00Z'),
      });
    }
    await refreshReleaseHealth(t.ctx, now);
    const [row] = await t.database.db.select().from(otaVersions).where(eq(otaVersions.id, next.id));
    // 5 of 200 daily users: 2.5 %, past Play's 0.47 %.
    expect(row!.healthVitals).toMatchObject({ last24h: { userPerceivedAnrRate: 2.5 } });
    expect(row).toMatchObject({ haltRule: 'playAnrRate' });
  });
});
