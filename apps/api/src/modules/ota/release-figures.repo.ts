import type { DailyUsers, DeviceCounts, SessionCounts } from '@patrol/domain';
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import {
  deviceVersionHours,
  releaseDailyUsers,
  releaseDeviceHours,
  releaseSessionHours,
} from '../../db/schema';

// What release health reads of the session counters and the device roll-ups: the refresh reads
// every watched release's figures in one statement per kind, each a range of the releases' rows.

/** A release as the counters know it. */
export interface ReleaseKey {
  platform: string;
  versionCode: number;
}

/** The key of a release's entry in the maps these reads answer. */
export const releaseKey = (release: ReleaseKey) => `${release.platform}|${release.versionCode}`;

type Summed = (column: PgColumn) => SQL<number>;

const sum: Summed = (column) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
/** The sum over the hour rows from `since` on. */
const sumFrom =
  (hour: PgColumn, since: Date): Summed =>
  (column) =>
    sql<number>`coalesce(sum(${column}) filter (where ${hour} >= ${since}), 0)`.mapWith(Number);

/** The session counters' five sums, each summed as `summed` says. */
function sessionSums(summed: Summed) {
  const t = releaseSessionHours;
  return {
    started: summed(t.started),
    exited: summed(t.exited),
    crashed: summed(t.crashed),
    abnormal: summed(t.abnormal),
    anr: summed(t.anr),
  };
}

/**
 * The rows of these releases' platforms and version codes: a pair not asked for (another
 * platform's release of the same code) is grouped apart and left out of the answer.
 */
function ofReleases(
  table: { platform: PgColumn; versionCode: PgColumn },
  releases: readonly ReleaseKey[],
): SQL {
  return sql`${table.platform} = any(${sql.param([...new Set(releases.map((r) => r.platform))])}::text[])
    and ${table.versionCode} = any(${sql.param([...new Set(releases.map((r) => r.versionCode))])}::integer[])`;
}

/** An entry per release asked for, from its row of a grouped read (undefined when it has none). */
function perRelease<Row extends ReleaseKey, Entry>(
  releases: readonly ReleaseKey[],
  rows: readonly Row[],
  present: (row: Row | undefined) => Entry,
): Map<string, Entry> {
  const found = new Map(rows.map((row) => [releaseKey(row), row]));
  return new Map(
    releases.map((release) => [releaseKey(release), present(found.get(releaseKey(release)))]),
  );
}

/** A release's sessions in the hours from `sinceHour` on (a range of its counter rows). */
export async function sumSessionHours(
  db: DbExecutor,
  release: ReleaseKey,
  sinceHour: Date,
): Promise<SessionCounts> {
  const t = releaseSessionHours;
  const [row] = await db
    .select(sessionSums(sum))
    .from(t)
    .where(
      and(
        eq(t.platform, release.platform),
        eq(t.versionCode, release.versionCode),
        gte(t.hour, sinceHour),
      ),
    );
  return row!;
}

const noSessions: SessionCounts = { started: 0, exited: 0, crashed: 0, abnormal: 0, anr: 0 };

/** Each release's sessions in the hours from `sinceHour` on, and ever (one statement). */
export async function sumReleaseSessions(
  db: DbExecutor,
  releases: readonly ReleaseKey[],
  sinceHour: Date,
): Promise<Map<string, { recent: SessionCounts; ever: SessionCounts }>> {
  const t = releaseSessionHours;
  const rows = await db
    .select({
      platform: t.platform,
      versionCode: t.versionCode,
      recent: sessionSums(sumFrom(t.hour, sinceHour)),
      ever: sessionSums(sum),
    })
    .from(t)
    .where(ofReleases(t, releases))
    .groupBy(t.platform, t.versionCode);
  return perRelease(releases, rows, (row) =>
    row ? { recent: row.recent, ever: row.ever } : { recent: noSessions, ever: noSessions },
  );
}

/** Each release's daily users from `sinceDay` (YYYY-MM-DD) on, in day order (one statement). */
export async function findReleaseDailyUsers(
  db: DbExecutor,
  releases: readonly ReleaseKey[],
  sinceDay: string,
): Promise<Map<string, DailyUsers[]>> {
  const t = releaseDailyUsers;
  const rows = await db
    .select({
      platform: t.platform,
      versionCode: t.versionCode,
      day: t.day,
      users: t.users,
      perceivedCrashUsers: t.perceivedCrashUsers,
      perceivedAnrUsers: t.perceivedAnrUsers,
    })
    .from(t)
    .where(and(ofReleases(t, releases), gte(t.day, sinceDay)))
    .orderBy(t.platform, t.versionCode, t.day);
  const days = new Map<string, DailyUsers[]>(releases.map((release) => [releaseKey(release), []]));
  for (const { platform, versionCode, ...day } of rows) {
    days.get(releaseKey({ platform, versionCode }))?.push(day);
  }
  return days;
}

/**
 * Each release's devices: those last seen in the hours from `sinceHour` on and those of them that
 * last crashed then, and all of them ever with those that ever crashed (its roll-up's hour rows).
 */
export async function countReleaseDevices(
  db: DbExecutor,
  releases: readonly ReleaseKey[],
  sinceHour: Date,
): Promise<Map<string, { window: DeviceCounts; ever: DeviceCounts }>> {
  const t = releaseDeviceHours;
  const recent = sumFrom(t.hour, sinceHour);
  const rows = await db
    .select({
      platform: t.platform,
      versionCode: t.versionCode,
      window: { devices: recent(t.seen), crashedDevices: recent(t.crashed) },
      ever: { devices: sum(t.seen), crashedDevices: sum(t.crashed) },
    })
    .from(t)
    .where(ofReleases(t, releases))
    .groupBy(t.platform, t.versionCode);
  const none = { devices: 0, crashedDevices: 0 };
  return perRelease(releases, rows, (row) => ({
    window: row?.window ?? none,
    ever: row?.ever ?? none,
  }));
}

/**
 * Devices of a platform that last reported in the hours from `sinceHour` on, per version code
 * (what adoption divides; its roll-up's hour rows).
 */
export async function activeDevicesByVersion(
  db: DbExecutor,
  platform: string,
  sinceHour: Date,
): Promise<Map<number, number>> {
  const t = deviceVersionHours;
  const rows = await db
    .select({ versionCode: t.versionCode, devices: sum(t.devices) })
    .from(t)
    .where(and(eq(t.platform, platform), gte(t.hour, sinceHour)))
    .groupBy(t.versionCode);
  return new Map(
    rows.filter((row) => row.devices > 0).map((row) => [row.versionCode, row.devices]),
  );
}
