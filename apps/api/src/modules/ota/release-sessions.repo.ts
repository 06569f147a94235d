import type { DailyUsers, DeviceCounts, SessionCounts } from '@patrol/domain';
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  deviceAppVersions,
  releaseDailyUsers,
  releaseDevices,
  releaseSessionHours,
} from '../../db/schema';
import type { DayIncrement, DeviceOnRelease, HourIncrement } from './session-rollup';

/** The rows of these devices on these releases, locked until the transaction ends. */
export async function lockDevicesOnReleases(
  tx: DbExecutor,
  keys: readonly { platform: string; versionCode: number; deviceId: string }[],
): Promise<DeviceOnRelease[]> {
  if (keys.length === 0) return [];
  const tuples = keys.map(
    (key) => sql`(${key.platform}, ${key.versionCode}::integer, ${key.deviceId})`,
  );
  return tx
    .select()
    .from(releaseDevices)
    .where(
      sql`(${releaseDevices.platform}, ${releaseDevices.versionCode}, ${releaseDevices.deviceId}) in (${sql.join(tuples, sql`, `)})`,
    )
    .for('update');
}

/** Writes the devices' rows as the rollup left them (one statement). */
export async function saveDevicesOnReleases(
  tx: DbExecutor,
  rows: readonly DeviceOnRelease[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(releaseDevices)
    .values([...rows])
    .onConflictDoUpdate({
      target: [releaseDevices.platform, releaseDevices.versionCode, releaseDevices.deviceId],
      set: {
        lastSeenAt: sql`greatest(${releaseDevices.lastSeenAt}, excluded.last_seen_at)`,
        lastCrashAt: sql`excluded.last_crash_at`,
        lastPerceivedCrashAt: sql`excluded.last_perceived_crash_at`,
        lastAnrAt: sql`excluded.last_anr_at`,
        sessionId: sql`excluded.session_id`,
        endedSessionId: sql`excluded.ended_session_id`,
      },
    });
}

/** Adds the hours' session counts to the counters (one statement). */
export async function addSessionHours(
  tx: DbExecutor,
  hours: readonly HourIncrement[],
): Promise<void> {
  if (hours.length === 0) return;
  const t = releaseSessionHours;
  await tx
    .insert(t)
    .values([...hours])
    .onConflictDoUpdate({
      target: [t.platform, t.versionCode, t.hour],
      set: {
        started: sql`${t.started} + excluded.started`,
        exited: sql`${t.exited} + excluded.exited`,
        crashed: sql`${t.crashed} + excluded.crashed`,
        abnormal: sql`${t.abnormal} + excluded.abnormal`,
        anr: sql`${t.anr} + excluded.anr`,
      },
    });
}

/** Adds the days' daily-user counts to the counters (one statement). */
export async function addDailyUsers(tx: DbExecutor, days: readonly DayIncrement[]): Promise<void> {
  if (days.length === 0) return;
  const t = releaseDailyUsers;
  await tx
    .insert(t)
    .values([...days])
    .onConflictDoUpdate({
      target: [t.platform, t.versionCode, t.day],
      set: {
        users: sql`${t.users} + excluded.users`,
        perceivedCrashUsers: sql`${t.perceivedCrashUsers} + excluded.perceived_crash_users`,
        perceivedAnrUsers: sql`${t.perceivedAnrUsers} + excluded.perceived_anr_users`,
      },
    });
}

/** Records the version each device last ran, from its pings (one statement). */
export async function saveDeviceVersions(
  tx: DbExecutor,
  rows: readonly {
    deviceId: string;
    platform: string;
    versionCode: number;
    versionName: string | null;
    reportedAt: Date;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(deviceAppVersions)
    .values([...rows])
    .onConflictDoUpdate({
      target: deviceAppVersions.deviceId,
      set: {
        platform: sql`excluded.platform`,
        versionCode: sql`excluded.version_code`,
        versionName: sql`coalesce(excluded.version_name, ${deviceAppVersions.versionName})`,
        reportedAt: sql`greatest(${deviceAppVersions.reportedAt}, excluded.reported_at)`,
      },
    });
}

const sum = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** A release's sessions in the hours from `sinceHour` on (a range of its counter rows). */
export async function sumSessionHours(
  db: DbExecutor,
  release: { platform: string; versionCode: number },
  sinceHour: Date,
): Promise<SessionCounts> {
  const t = releaseSessionHours;
  const [row] = await db
    .select({
      started: sum(t.started),
      exited: sum(t.exited),
      crashed: sum(t.crashed),
      abnormal: sum(t.abnormal),
      anr: sum(t.anr),
    })
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

/** A release's daily users from `sinceDay` (YYYY-MM-DD) on. */
export function findDailyUsers(
  db: DbExecutor,
  release: { platform: string; versionCode: number },
  sinceDay: string,
): Promise<DailyUsers[]> {
  const t = releaseDailyUsers;
  return db
    .select({
      day: t.day,
      users: t.users,
      perceivedCrashUsers: t.perceivedCrashUsers,
      perceivedAnrUsers: t.perceivedAnrUsers,
    })
    .from(t)
    .where(
      and(
        eq(t.platform, release.platform),
        eq(t.versionCode, release.versionCode),
        gte(t.day, sinceDay),
      ),
    )
    .orderBy(t.day);
}

/**
 * Devices on the release: those seen since `since` and those of them that crashed since then, and
 * all of them ever with those that ever crashed (one pass over the release's rows).
 */
export async function countDevicesOnRelease(
  db: DbExecutor,
  release: { platform: string; versionCode: number },
  since: Date,
): Promise<{ window: DeviceCounts; ever: DeviceCounts }> {
  const t = releaseDevices;
  const counted = (condition: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [row] = await db
    .select({
      devices: counted(sql`${t.lastSeenAt} > ${since}`),
      crashedDevices: counted(sql`${t.lastCrashAt} > ${since}`),
      everDevices: sql<number>`count(*)`.mapWith(Number),
      everCrashed: counted(sql`${t.lastCrashAt} is not null`),
    })
    .from(t)
    .where(and(eq(t.platform, release.platform), eq(t.versionCode, release.versionCode)));
  return {
    window: { devices: row?.devices ?? 0, crashedDevices: row?.crashedDevices ?? 0 },
    ever: { devices: row?.everDevices ?? 0, crashedDevices: row?.everCrashed ?? 0 },
  };
}

/** Devices active since `since` per version code of a platform (what adoption divides). */
export async function activeDevicesByVersion(
  db: DbExecutor,
  platform: string,
  since: Date,
): Promise<Map<number, number>> {
  const rows = await db
    .select({
      versionCode: deviceAppVersions.versionCode,
      devices: sql<number>`count(*)`.mapWith(Number),
    })
    .from(deviceAppVersions)
    .where(and(eq(deviceAppVersions.platform, platform), gt(deviceAppVersions.reportedAt, since)))
    .groupBy(deviceAppVersions.versionCode);
  return new Map(rows.map((row) => [row.versionCode, row.devices]));
}
