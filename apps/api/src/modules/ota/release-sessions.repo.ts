import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  deviceAppVersions,
  releaseDailyUsers,
  releaseDevices,
  releaseSessionHours,
} from '../../db/schema';
import type { DayIncrement, DeviceOnRelease, HourIncrement } from './session-rollup';

// The per-device statements of a flush carry their rows as one array per column (unnest), not as
// a VALUES list: a second's pings of thousands of devices would otherwise be tens of thousands of
// parameters, costlier for the API to build and for PostgreSQL to parse than the writes.

const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/** The rows of these devices on these releases, locked (in key order) until the transaction ends. */
export async function lockDevicesOnReleases(
  tx: DbExecutor,
  keys: readonly { platform: string; versionCode: number; deviceId: string }[],
): Promise<DeviceOnRelease[]> {
  if (keys.length === 0) return [];
  const t = releaseDevices;
  return tx
    .select()
    .from(t)
    .where(
      sql`(${t.platform}, ${t.versionCode}, ${t.deviceId}) in (
        select * from unnest(${sql.param(keys.map((key) => key.platform))}::text[],
          ${sql.param(keys.map((key) => key.versionCode))}::integer[],
          ${sql.param(keys.map((key) => key.deviceId))}::text[]))`,
    )
    .orderBy(t.platform, t.versionCode, t.deviceId)
    .for('update');
}

/** Writes the devices' rows as the rollup left them (one statement). */
export async function saveDevicesOnReleases(
  tx: DbExecutor,
  rows: readonly DeviceOnRelease[],
): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: DeviceOnRelease) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`
    insert into ${releaseDevices} (platform, version_code, device_id, first_seen_at, last_seen_at,
      last_crash_at, last_perceived_crash_at, last_anr_at, session_id, ended_session_id)
    select * from unnest(${column((row) => row.platform)}::text[],
      ${column((row) => row.versionCode)}::integer[], ${column((row) => row.deviceId)}::text[],
      ${column((row) => row.firstSeenAt.toISOString())}::timestamptz[],
      ${column((row) => row.lastSeenAt.toISOString())}::timestamptz[],
      ${column((row) => isoOrNull(row.lastCrashAt))}::timestamptz[],
      ${column((row) => isoOrNull(row.lastPerceivedCrashAt))}::timestamptz[],
      ${column((row) => isoOrNull(row.lastAnrAt))}::timestamptz[],
      ${column((row) => row.sessionId)}::text[], ${column((row) => row.endedSessionId)}::text[])
    on conflict (platform, version_code, device_id) do update set
      last_seen_at = greatest(release_devices.last_seen_at, excluded.last_seen_at),
      last_crash_at = excluded.last_crash_at,
      last_perceived_crash_at = excluded.last_perceived_crash_at,
      last_anr_at = excluded.last_anr_at,
      session_id = excluded.session_id,
      ended_session_id = excluded.ended_session_id`);
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
  const t = deviceAppVersions;
  await tx.execute(sql`
    insert into ${t} (device_id, platform, version_code, version_name, reported_at)
    select * from unnest(${sql.param(rows.map((row) => row.deviceId))}::text[],
      ${sql.param(rows.map((row) => row.platform))}::text[],
      ${sql.param(rows.map((row) => row.versionCode))}::integer[],
      ${sql.param(rows.map((row) => row.versionName))}::text[],
      ${sql.param(rows.map((row) => row.reportedAt.toISOString()))}::timestamptz[])
    on conflict (device_id) do update set
      platform = excluded.platform,
      version_code = excluded.version_code,
      version_name = coalesce(excluded.version_name, device_app_versions.version_name),
      reported_at = greatest(device_app_versions.reported_at, excluded.reported_at)`);
}
