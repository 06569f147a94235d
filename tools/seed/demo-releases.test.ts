import { createHash } from 'node:crypto';
import { listOtaVersionsResponseSchema } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../apps/api/test/builders';
import { seedDemoData } from './seed-database';

describe('demo releases and their sessions', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext();
    token = await t.signIn('superadmin');
    // The demo's sessions fall in Malaysian working hours (00:00-14:00 UTC) and its devices take
    // the newest release a few days back from now, so how many sessions that release has depends
    // on the hour the seed runs (48 at 21:38 UTC, 192 at 09:38): seeded as of 06:00 UTC today.
    const now = new Date();
    now.setUTCHours(6, 0, 0, 0);
    await seedDemoData(t.database.db, {
      clients: 12,
      uploadsDirectory: t.ctx.uploads.directory,
      now,
    });
  });
  afterAll(() => t.close());

  const versions = async () =>
    listOtaVersionsResponseSchema.parse(
      (
        await request(t.app)
          .get('/api/ota/versions?includeInactive=true')
          .set(bearer(token))
          .expect(200)
      ).body,
    ).versions;

  it('gives each release crash-free rates from the session counters, at once', async () => {
    const list = await versions();
    expect(list.map((version) => version.version).sort()).toEqual(['2.3.0', '2.4.0', '2.4.1']);
    const newest = list.find((version) => version.version === '2.4.1')!;
    expect(newest).toMatchObject({ isActive: true, rolloutPercent: 25 });
    expect(newest.ladder?.haltRule ?? null).toBeNull();
    for (const version of list.filter((v) => v.version !== '2.3.0')) {
      const vitals = version.vitals!;
      expect(vitals.sinceRelease.sessions, version.version).toBeGreaterThan(50);
      expect(vitals.sinceRelease.crashFreeSessions).toBeGreaterThan(98);
      expect(vitals.sinceRelease.crashFreeSessions).toBeLessThanOrEqual(100);
      expect(vitals.sinceRelease.crashFreeDevices).toBeGreaterThan(80);
      expect(vitals.adoption).toBeGreaterThan(0);
    }
  });

  it('keeps the counters consistent: no more ended sessions than started, every device once', async () => {
    const [hours] = (
      await t.database.db.execute<{ started: number; ended: number; hours: number }>(sql`
        select sum(started)::int as started, sum(exited + crashed + abnormal)::int as ended,
          count(*)::int as hours from release_session_hours`)
    ).rows;
    expect(hours!.started).toBeGreaterThan(500);
    expect(hours!.ended).toBeLessThanOrEqual(hours!.started);
    const [devices] = (
      await t.database.db.execute<{ running: number; versions: number }>(sql`
        select (select count(distinct device_id) from release_devices)::int as running,
          (select count(*) from device_app_versions)::int as versions`)
    ).rows;
    expect(devices!.versions).toBe(devices!.running);
  });

  it('stores each release as a real APK the console and devices can download', async () => {
    const release = (await versions()).find((version) => version.version === '2.4.1')!;
    const download = await request(t.app)
      .get(`/api/ota/versions/${release.id}/download`)
      .set(bearer(token))
      .buffer(true)
      .parse((response, done) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => done(null, Buffer.concat(parts)));
      })
      .expect(200);
    expect(
      createHash('sha256')
        .update(download.body as Buffer)
        .digest('hex'),
    ).toBe(release.checksum);
  });

  it('replaces its releases and sessions on a reset', async () => {
    await seedDemoData(t.database.db, { clients: 5, reset: true, randomSeed: 9 });
    const list = await versions();
    expect(list).toHaveLength(3);
    const [devices] = (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from release_devices
          where device_id not in (select device_id from licences where device_id is not null)`,
      )
    ).rows;
    expect(devices!.n).toBe(0);
  });
});
