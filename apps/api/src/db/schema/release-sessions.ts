// Session pings of the patrol app rolled up per release (issue 27): hourly session counters, daily
// users per release, and one row per device and release for device figures and deduplication.
import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Sessions of a release per hour: started, and how the ended ones ended. */
export const releaseSessionHours = pgTable(
  'release_session_hours',
  {
    platform: text('platform').notNull(),
    versionCode: integer('version_code').notNull(),
    /** The hour (UTC, truncated) the pings arrived in. */
    hour: timestamptz('hour').notNull(),
    started: integer('started').notNull().default(0),
    exited: integer('exited').notNull().default(0),
    crashed: integer('crashed').notNull().default(0),
    abnormal: integer('abnormal').notNull().default(0),
    /** Sessions that ended having had a user-perceived ANR. */
    anr: integer('anr').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.platform, table.versionCode, table.hour] })],
);

/** Google Play's daily active users of a release (a device once a day), and the affected ones. */
export const releaseDailyUsers = pgTable(
  'release_daily_users',
  {
    platform: text('platform').notNull(),
    versionCode: integer('version_code').notNull(),
    /** The UTC day. */
    day: date('day', { mode: 'string' }).notNull(),
    users: integer('users').notNull().default(0),
    perceivedCrashUsers: integer('perceived_crash_users').notNull().default(0),
    perceivedAnrUsers: integer('perceived_anr_users').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.platform, table.versionCode, table.day] })],
);

/**
 * One row per device and release: when the device first and last ran it, crashed on it, and the
 * session it last started and ended (a repeated start or end of the same session counts once).
 */
export const releaseDevices = pgTable(
  'release_devices',
  {
    platform: text('platform').notNull(),
    versionCode: integer('version_code').notNull(),
    deviceId: text('device_id').notNull(),
    firstSeenAt: timestamptz('first_seen_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    lastCrashAt: timestamptz('last_crash_at'),
    lastPerceivedCrashAt: timestamptz('last_perceived_crash_at'),
    lastAnrAt: timestamptz('last_anr_at'),
    sessionId: text('session_id'),
    endedSessionId: text('ended_session_id'),
  },
  (table) => [primaryKey({ columns: [table.platform, table.versionCode, table.deviceId] })],
);

export type ReleaseDeviceRow = typeof releaseDevices.$inferSelect;
export type NewReleaseDeviceRow = typeof releaseDevices.$inferInsert;

/**
 * The devices of a release by the hour they were last seen in, and by the hour they last crashed
 * in (issue 28): kept on write by `release_devices`' statement triggers (migration 0063), so
 * release health counts a release's devices, in the last 24 hours and ever, from a row per hour
 * instead of a row per device.
 */
export const releaseDeviceHours = pgTable(
  'release_device_hours',
  {
    platform: text('platform').notNull(),
    versionCode: integer('version_code').notNull(),
    /** The UTC hour. */
    hour: timestamptz('hour').notNull(),
    seen: integer('seen').notNull().default(0),
    crashed: integer('crashed').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.platform, table.versionCode, table.hour] })],
);

/**
 * The devices of a platform by the version they last reported and the hour they reported it in
 * (issue 28): kept on write by `device_app_versions`' statement triggers (migration 0063), so a
 * release's adoption divides the counts of the last 24 hours' rows, not of every device's row.
 */
export const deviceVersionHours = pgTable(
  'device_version_hours',
  {
    platform: text('platform').notNull(),
    /** The UTC hour. */
    hour: timestamptz('hour').notNull(),
    versionCode: integer('version_code').notNull(),
    devices: integer('devices').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.platform, table.hour, table.versionCode] })],
);

export type ReleaseDeviceHourRow = typeof releaseDeviceHours.$inferSelect;
export type DeviceVersionHourRow = typeof deviceVersionHours.$inferSelect;
