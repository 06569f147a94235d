import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database, DbExecutor } from '../../db/client';
import { activeDevicesByVersion, countReleaseDevices } from './release-figures.repo';
import { saveDeviceVersions, saveDevicesOnReleases } from './release-sessions.repo';
import type { DeviceOnRelease } from './session-rollup';

// Release health's device roll-ups (migration 0063) against scans of the rows they count: after
// any sequence of inserts, updates and deletes of devices on releases and of the versions devices
// report, every hour's counts equal a scan's, and so do the figures the refresh reads from them.

const firstHour = Date.parse('2026-07-01T00:00:00Z');
/** Twenty-minute steps over four hours: pings land in the same hour and in the next ones. */
const moment = fc
  .integer({ min: 0, max: 11 })
  .map((step) => new Date(firstHour + step * 1_200_000));
const deviceId = fc.constantFrom('MPDID-1', 'MPDID-2', 'MPDID-3', 'MPDID-4');
const platform = fc.constantFrom('android', 'ios');
const versionCode = fc.constantFrom(240, 241, 250);

const deviceOnRelease = fc.record({
  platform,
  versionCode,
  deviceId,
  seenAt: moment,
  crashedAt: fc.option(moment),
});
const deviceVersion = fc.record({ deviceId, platform, versionCode, reportedAt: moment });

const write = fc.oneof(
  fc.record({ kind: fc.constant('devices' as const), rows: fc.array(deviceOnRelease) }),
  fc.record({ kind: fc.constant('versions' as const), rows: fc.array(deviceVersion) }),
  fc.record({ kind: fc.constant('delete' as const), deviceId }),
);

/** A batch holds a device once (an upsert may not touch a row twice), as a flush's does. */
const uniqueBy = <T>(rows: T[], key: (row: T) => string) => [
  ...new Map(rows.map((row) => [key(row), row])).values(),
];

type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

async function apply(db: DbExecutor, change: Write) {
  if (change.kind === 'delete') {
    await db.execute(sql`delete from release_devices where device_id = ${change.deviceId}`);
    await db.execute(sql`delete from device_app_versions where device_id = ${change.deviceId}`);
  } else if (change.kind === 'devices') {
    const rows = uniqueBy(
      change.rows,
      (row) => `${row.platform}|${row.versionCode}|${row.deviceId}`,
    );
    await saveDevicesOnReleases(
      db,
      rows.map((row): DeviceOnRelease => ({
        platform: row.platform,
        versionCode: row.versionCode,
        deviceId: row.deviceId,
        firstSeenAt: row.seenAt,
        lastSeenAt: row.seenAt,
        lastCrashAt: row.crashedAt,
        lastPerceivedCrashAt: null,
        lastAnrAt: null,
        sessionId: null,
        endedSessionId: null,
      })),
    );
  } else {
    const rows = uniqueBy(change.rows, (row) => row.deviceId);
    await saveDeviceVersions(
      db,
      rows.map((row) => ({ ...row, versionName: null })),
    );
  }
}

/** Rows as sorted text, the hours truncated in UTC whatever the session's time zone. */
async function rowsOf(database: Database, query: ReturnType<typeof sql>) {
  const result = await database.db.execute<Record<string, unknown>>(query);
  return result.rows.map((row) => JSON.stringify(row)).sort();
}

const utcHour = (column: string) =>
  sql.raw(`to_char(date_trunc('hour', ${column} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24')`);

describe('release health device roll-ups', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('hold what a scan of the devices counts, hour by hour and as the refresh reads them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { maxLength: 8 }), moment, async (writes, since) => {
        await database.db.execute(sql`truncate release_devices, device_app_versions`);
        // The hours are UTC's whatever the writer's time zone (India's is half an hour off).
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
          for (const change of writes) await apply(tx, change);
        });

        expect(
          await rowsOf(
            database,
            sql`select platform, version_code, ${utcHour('hour')} as hour, seen, crashed
              from release_device_hours where seen <> 0 or crashed <> 0`,
          ),
        ).toEqual(
          await rowsOf(
            database,
            sql`select platform, version_code, hour, sum(seen)::int as seen,
                sum(crashed)::int as crashed
              from (select platform, version_code, ${utcHour('last_seen_at')} as hour, 1 as seen,
                  0 as crashed from release_devices
                union all select platform, version_code, ${utcHour('last_crash_at')}, 0, 1
                  from release_devices where last_crash_at is not null) marks
              group by 1, 2, 3`,
          ),
        );
        expect(
          await rowsOf(
            database,
            sql`select platform, ${utcHour('hour')} as hour, version_code, devices
              from device_version_hours where devices <> 0`,
          ),
        ).toEqual(
          await rowsOf(
            database,
            sql`select platform, ${utcHour('reported_at')} as hour, version_code,
                count(*)::int as devices
              from device_app_versions group by 1, 2, 3`,
          ),
        );

        const sinceHour = new Date(since);
        sinceHour.setUTCMinutes(0, 0, 0);
        const [scanned] = (
          await database.db.execute<Record<string, number>>(sql`select
            count(*) filter (where last_seen_at >= ${sinceHour})::int as devices,
            count(*) filter (where last_crash_at >= ${sinceHour})::int as crashed,
            count(*)::int as ever, count(last_crash_at)::int as ever_crashed
            from release_devices where platform = 'android' and version_code = 241`)
        ).rows;
        const release = { platform: 'android', versionCode: 241 };
        expect(await countReleaseDevices(database.db, [release], sinceHour)).toEqual(
          new Map([
            [
              'android|241',
              {
                window: { devices: scanned!.devices, crashedDevices: scanned!.crashed },
                ever: { devices: scanned!.ever, crashedDevices: scanned!.ever_crashed },
              },
            ],
          ]),
        );
        const active = await database.db.execute<{ version_code: number; devices: number }>(
          sql`select version_code, count(*)::int as devices from device_app_versions
            where platform = 'android' and reported_at >= ${sinceHour} group by 1`,
        );
        expect(await activeDevicesByVersion(database.db, 'android', sinceHour)).toEqual(
          new Map(active.rows.map((row) => [row.version_code, row.devices])),
        );
      }),
      { numRuns: 40 },
    );
  });
});
