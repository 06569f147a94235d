// Crash reports and their groups, OTA releases and the app versions devices run (issue 14).
import {
  crashGroupingBases,
  crashKinds,
  crashReportTypes,
  crashSeverities,
  crashStatuses,
  otaChannels,
  type AnrDetails,
  type NativeDetails,
} from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, jsonObject, stringArray, timestamptz, updatedAt } from './columns';
import { users } from './users';

/** Crash and debug reports sent by the mobile patrol app. */
export const crashReports = pgTable(
  'crash_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportType: text('report_type', { enum: crashReportTypes }).notNull().default('automatic'),
    /** crash, anr or native (issue 27); reports from before kinds are crashes. */
    kind: text('kind', { enum: crashKinds }).notNull().default('crash'),
    /** An ANR's blocked duration or a native crash's tombstone; null for a crash. */
    kindDetails: jsonb('kind_details').$type<{ anr: AnrDetails } | { native: NativeDetails }>(),
    title: text('title').notNull(),
    description: text('description'),
    errorMessage: text('error_message'),
    stackTrace: text('stack_trace'),
    /** The stack trace retraced with the version's mapping (crash_mappings); the fingerprint's source. */
    readableStackTrace: text('readable_stack_trace'),
    severity: text('severity', { enum: crashSeverities }).notNull().default('medium'),
    status: text('status', { enum: crashStatuses }).notNull().default('new'),
    reproducible: boolean('reproducible'),
    userSteps: text('user_steps'),
    userEmail: text('user_email'),
    /** The client's business id as sent by the app; not a foreign key, reports outlive clients. */
    companyId: text('company_id'),
    /** The app user's id on the device (not a console user). */
    userId: text('user_id'),
    tags: stringArray('tags'),
    additionalData: jsonObject('additional_data'),
    deviceInfo: jsonObject('device_info'),
    appInfo: jsonObject('app_info'),
    /** The group (same exception chain and top in-app frames), from libs/domain crashSignature. */
    fingerprint: text('fingerprint'),
    /**
     * The fingerprint the report's own signature gives, when staff merged its group into another
     * (fingerprint then names the group it is counted in); null for reports from before merges.
     */
    signatureFingerprint: text('signature_fingerprint'),
    /**
     * The group staff split this report into by hand (POST .../split-reports); while set, the
     * report stays in that group whatever its signature gives (regrouping and merges follow it).
     */
    splitFingerprint: text('split_fingerprint'),
    /** The device (MPDID-...) whose token sent the report; not a foreign key either. */
    deviceId: text('device_id'),
    // Copied out of the JSON by PostgreSQL itself so the list can filter and index on them.
    platform: text('platform').generatedAlwaysAs(sql`(device_info ->> 'platform')`),
    appVersion: text('app_version').generatedAlwaysAs(sql`(app_info ->> 'version')`),
    /** Sort key of "severity": critical 4 down to low 1, so that a page is an index range. */
    severityRank: integer('severity_rank').generatedAlwaysAs(
      sql`(case severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end)`,
    ),
    /** Sort key of "status": the workflow's order, new first. */
    statusRank: integer('status_rank').generatedAlwaysAs(
      sql`(case status when 'new' then 1 when 'investigating' then 2 when 'in-progress' then 3 when 'resolved' then 4 when 'closed' then 5 when 'duplicate' then 6 else 0 end)`,
    ),
    /**
     * What the list's search matches, lowercased once per write. The stack trace is left out (up
     * to 100,000 characters, it would swell the trigram index); so are long messages past 500.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(title || ' ' || coalesce(left(error_message, 500), '') || ' ' || coalesce(left(description, 500), '') || ' ' || coalesce(user_email, '') || ' ' || coalesce(company_id, '') || ' ' || coalesce(user_id, '') || ' ' || coalesce(device_id, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Every filter and sort of the list with (created_at, id) behind it: a filtered page sorted
    // by date, the default, is one index range read from either end, deep pages included.
    index('crash_reports_created_at_idx').on(table.createdAt, table.id),
    index('crash_reports_status_idx').on(table.status, table.createdAt, table.id),
    index('crash_reports_severity_idx').on(table.severity, table.createdAt, table.id),
    index('crash_reports_company_id_idx').on(table.companyId, table.createdAt, table.id),
    index('crash_reports_platform_idx').on(table.platform, table.createdAt, table.id),
    index('crash_reports_app_version_idx').on(table.appVersion, table.createdAt, table.id),
    // One version's reports in a status (a release's resolved or new ones): the page is one range
    // and its count an index-only read, not a walk of every report in the status.
    index('crash_reports_app_version_status_idx').on(
      table.appVersion,
      table.status,
      table.createdAt,
      table.id,
    ),
    index('crash_reports_kind_idx').on(table.kind, table.createdAt, table.id),
    index('crash_reports_report_type_idx').on(table.reportType, table.createdAt, table.id),
    index('crash_reports_fingerprint_idx').on(table.fingerprint, table.createdAt, table.id),
    index('crash_reports_severity_rank_idx').on(table.severityRank, table.createdAt, table.id),
    index('crash_reports_status_rank_idx').on(table.statusRank, table.createdAt, table.id),
    index('crash_reports_title_lower_idx').on(
      sql`lower(${table.title})`,
      table.createdAt,
      table.id,
    ),
    // Titles follow severity (a kind of crash is mostly one severity), so a severity's page by
    // title walked the title index past every other severity's reports: this is its range. A
    // status's page by title or severity likewise passed every newer report of other statuses.
    index('crash_reports_severity_title_idx').on(
      table.severity,
      sql`lower(${table.title})`,
      table.createdAt,
      table.id,
    ),
    index('crash_reports_status_title_idx').on(
      table.status,
      sql`lower(${table.title})`,
      table.createdAt,
      table.id,
    ),
    index('crash_reports_status_severity_idx').on(
      table.status,
      table.severityRank,
      table.createdAt,
      table.id,
    ),
    index('crash_reports_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/**
 * One row per fingerprint, kept by the intake in the transaction of each report, so the group
 * view reads counts instead of counting reports.
 */
export const crashGroups = pgTable(
  'crash_groups',
  {
    fingerprint: text('fingerprint').primaryKey(),
    /** The title of the latest report. */
    title: text('title').notNull(),
    /** The latest report's error message, its first 500 characters (searched by the merge picker). */
    errorMessage: text('error_message'),
    exceptionType: text('exception_type'),
    culprit: text('culprit'),
    /** The frames the fingerprint was made of, top first, without line numbers. */
    frames: stringArray('frames'),
    reportType: text('report_type', { enum: crashReportTypes }).notNull(),
    kind: text('kind', { enum: crashKinds }).notNull().default('crash'),
    /** Which frames made the fingerprint (libs/domain crashSignature), for the grouping reason. */
    basis: text('basis', { enum: crashGroupingBases }).notNull().default('in-app'),
    /** The highest severity seen, and its rank (critical 4 down to low 1) to compare with. */
    severity: text('severity', { enum: crashSeverities }).notNull(),
    severityRank: integer('severity_rank').notNull(),
    occurrences: integer('occurrences').notNull().default(0),
    /** Distinct devices, counted as crash_group_devices gains a row. */
    devices: integer('devices').notNull().default(0),
    firstSeen: timestamptz('first_seen').notNull(),
    lastSeen: timestamptz('last_seen').notNull(),
    lastReportId: uuid('last_report_id').notNull(),
    /** The group this one was split out of by staff (selected reports); null otherwise. */
    splitFrom: text('split_from'),
    /** What the group search matches: fingerprint, title, exception, culprit, message, frames. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(fingerprint || ' ' || title || ' ' || coalesce(exception_type, '') || ' ' || coalesce(culprit, '') || ' ' || coalesce(error_message, '') || ' ' || frames::text)`,
    ),
  },
  (table) => [
    index('crash_groups_last_seen_idx').on(table.lastSeen, table.fingerprint),
    index('crash_groups_first_seen_idx').on(table.firstSeen, table.fingerprint),
    index('crash_groups_occurrences_idx').on(table.occurrences, table.fingerprint),
    index('crash_groups_devices_idx').on(table.devices, table.fingerprint),
    index('crash_groups_kind_idx').on(table.kind, table.lastSeen, table.fingerprint),
    index('crash_groups_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** A group's count per app version (the "versions" of the group view, and its filter). */
export const crashGroupVersions = pgTable(
  'crash_group_versions',
  {
    fingerprint: text('fingerprint')
      .notNull()
      .references(() => crashGroups.fingerprint, { onDelete: 'cascade' }),
    appVersion: text('app_version').notNull(),
    occurrences: integer('occurrences').notNull().default(0),
    firstSeen: timestamptz('first_seen').notNull(),
    lastSeen: timestamptz('last_seen').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.fingerprint, table.appVersion] }),
    index('crash_group_versions_app_version_idx').on(table.appVersion, table.fingerprint),
  ],
);

/** The devices that sent a group, one row each, so that its device count stays exact. */
export const crashGroupDevices = pgTable(
  'crash_group_devices',
  {
    fingerprint: text('fingerprint')
      .notNull()
      .references(() => crashGroups.fingerprint, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    firstSeen: timestamptz('first_seen').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fingerprint, table.deviceId] })],
);

/**
 * Groups merged by staff: a report whose signature gives `from` is counted in the group `to`,
 * whenever it arrives. Deleted when the merged group is split out again.
 */
export const crashGroupRedirects = pgTable(
  'crash_group_redirects',
  {
    fromFingerprint: text('from_fingerprint').primaryKey(),
    toFingerprint: text('to_fingerprint').notNull(),
    mergedBy: uuid('merged_by').references(() => users.id, { onDelete: 'set null' }),
    mergedAt: timestamptz('merged_at').notNull().defaultNow(),
  },
  (table) => [index('crash_group_redirects_to_idx').on(table.toFingerprint)],
);

/** Uploaded Android app packages; the file lives under DATA_DIR/uploads. */
export const otaVersions = pgTable(
  'ota_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: text('version').notNull(),
    /** The APK's versionCode: each release's must be above the previous one's. */
    versionCode: integer('version_code').notNull(),
    /** The APK's package name; every release of a platform has the same one. */
    packageName: text('package_name').notNull(),
    platform: text('platform').notNull().default('android'),
    channel: text('channel').notNull().default('stable'),
    isActive: boolean('is_active').notNull().default(false),
    /** Bytes. */
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** SHA-256 of the file, hex. */
    checksum: text('checksum').notNull(),
    /** Path of the stored file, relative to the uploads directory. */
    filePath: text('file_path').notNull(),
    originalFileName: text('original_file_name'),
    releaseNotes: text('release_notes'),
    /** Staged rollout: the share of devices (0-100, stable per device) offered this release. */
    rolloutPercent: integer('rollout_percent').notNull().default(100),
    /** Set when the rollout was paused (by release health or by hand); cleared on resume. */
    rolloutPausedAt: timestamptz('rollout_paused_at'),
    rolloutPauseReason: text('rollout_pause_reason'),
    /**
     * Release health, refreshed in the background: devices that reported running this release in
     * the window, and how many of them sent a crash report from it.
     */
    healthDevices: integer('health_devices').notNull().default(0),
    healthCrashedDevices: integer('health_crashed_devices').notNull().default(0),
    healthCheckedAt: timestamptz('health_checked_at'),
    /** The rollout ladder (percent steps, rising, ending at 100) the release climbs while healthy. */
    rolloutLadder: integer('rollout_ladder')
      .array()
      .notNull()
      .default(sql`'{1,5,10,25,50,100}'`),
    /** Held by staff: stays at its step (still offered) until advanced or released. */
    rolloutHeld: boolean('rollout_held').notNull().default(false),
    /** When the rollout reached its current step (the ladder's minimum time counts from it). */
    rolloutStepAt: timestamptz('rollout_step_at'),
    ladderMinMinutes: integer('ladder_min_minutes').notNull().default(60),
    ladderMinSessions: integer('ladder_min_sessions').notNull().default(200),
    /** The halt rule that stopped the rollout (null when running or stopped by hand). */
    haltRule: text('halt_rule'),
    /** The last evaluation's figures (ReleaseHealthVitals of libs/contracts). */
    healthVitals: jsonb('health_vitals').$type<Record<string, unknown>>(),
    /** A roll forward: the release whose build this one republishes. */
    rolledForwardFrom: uuid('rolled_forward_from'),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('ota_versions_platform_version_unique').on(table.platform, table.version),
    index('ota_versions_uploaded_at_idx').on(table.uploadedAt),
    // Uploads check "above the latest" before they insert; two racing uploads of one version code
    // both pass that check, and this index lets exactly one of them in.
    uniqueIndex('ota_versions_platform_code_unique').on(table.platform, table.versionCode),
  ],
);

/**
 * The R8/ProGuard mapping of an app version (the file lives under DATA_DIR/uploads/mapping), and
 * the cursor of the background job that retraces the version's reports received before it.
 */
export const crashMappings = pgTable(
  'crash_mappings',
  {
    otaVersionId: uuid('ota_version_id')
      .primaryKey()
      .references(() => otaVersions.id, { onDelete: 'cascade' }),
    /** The version name, as crash reports carry it in app_info.version. */
    appVersion: text('app_version').notNull(),
    fileName: text('file_name').notNull(),
    /** Bytes. */
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** SHA-256 of the file, hex. */
    checksum: text('checksum').notNull(),
    classCount: integer('class_count').notNull(),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The last report (created_at, id) the retrace job has done; null before its first batch. */
    cursorCreatedAt: timestamptz('cursor_created_at'),
    cursorId: uuid('cursor_id'),
    /** When the retrace job finished; null while it has reports left. */
    retracedAt: timestamptz('retraced_at'),
  },
  (table) => [uniqueIndex('crash_mappings_app_version_unique').on(table.appVersion)],
);

/**
 * How many reports there are of each status and severity, kept by the statements that insert a
 * report or change its status, so the statistics cards add a few hundred rows instead of counting
 * the table. Each pair is spread over a few shards (picked at random per write) so that a burst of
 * reports does not queue on one row's lock.
 */
export const crashReportCounts = pgTable(
  'crash_report_counts',
  {
    status: text('status', { enum: crashStatuses }).notNull(),
    severity: text('severity', { enum: crashSeverities }).notNull(),
    shard: integer('shard').notNull(),
    reports: bigint('reports', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.status, table.severity, table.shard] })],
);

/**
 * The app version each device last said it runs (sent with its update check): how many devices a
 * release reached, and the denominator of its crash-free rate.
 */
export const deviceAppVersions = pgTable(
  'device_app_versions',
  {
    /** The device id bound to the licence (MPDID-...), as crash reports carry it. */
    deviceId: text('device_id').primaryKey(),
    platform: text('platform').notNull().default('android'),
    versionCode: integer('version_code').notNull(),
    versionName: text('version_name'),
    reportedAt: timestamptz('reported_at').notNull().defaultNow(),
  },
  (table) => [
    index('device_app_versions_code_idx').on(table.platform, table.versionCode, table.reportedAt),
  ],
);

/**
 * This installation's console update settings (issue 15): one row (id 1), written on the first
 * change of channel; without it the channel is stable.
 */
export const consoleUpdateSettings = pgTable(
  'console_update_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** A beta console build is offered only to an installation on the beta channel. */
    channel: text('channel', { enum: otaChannels }).notNull().default('stable'),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('console_update_settings_single_row', sql`${table.id} = 1`),
    check('console_update_settings_channel', sql`${table.channel} in ('stable', 'beta')`),
  ],
);

export type DeviceAppVersionRow = typeof deviceAppVersions.$inferSelect;
export type CrashReportRow = typeof crashReports.$inferSelect;
export type NewCrashReportRow = typeof crashReports.$inferInsert;
export type CrashGroupRow = typeof crashGroups.$inferSelect;
export type CrashGroupVersionRow = typeof crashGroupVersions.$inferSelect;
export type OtaVersionRow = typeof otaVersions.$inferSelect;
export type NewOtaVersionRow = typeof otaVersions.$inferInsert;
export type CrashMappingRow = typeof crashMappings.$inferSelect;
export type ConsoleUpdateSettingsRow = typeof consoleUpdateSettings.$inferSelect;
