// Used from issue 14 (crash reports and OTA); reviewed against the spec when that issue builds on it.
import { crashReportTypes, crashSeverities, crashStatuses } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, jsonObject, stringArray, timestamptz, updatedAt } from './columns';
import { users } from './users';

/** Crash and debug reports sent by the mobile patrol app. */
export const crashReports = pgTable(
  'crash_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportType: text('report_type', { enum: crashReportTypes }).notNull().default('automatic'),
    title: text('title').notNull(),
    description: text('description'),
    errorMessage: text('error_message'),
    stackTrace: text('stack_trace'),
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
    // Copied out of the JSON by PostgreSQL itself so the list can filter and index on them.
    platform: text('platform').generatedAlwaysAs(sql`(device_info ->> 'platform')`),
    appVersion: text('app_version').generatedAlwaysAs(sql`(app_info ->> 'version')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('crash_reports_created_at_idx').on(table.createdAt),
    index('crash_reports_status_idx').on(table.status, table.createdAt),
    index('crash_reports_severity_idx').on(table.severity, table.createdAt),
    index('crash_reports_company_id_idx').on(table.companyId),
    index('crash_reports_platform_idx').on(table.platform),
  ],
);

/** Uploaded Android app packages; the file lives under DATA_DIR/uploads. */
export const otaVersions = pgTable(
  'ota_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: text('version').notNull(),
    buildNumber: text('build_number'),
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
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('ota_versions_platform_version_unique').on(table.platform, table.version),
    index('ota_versions_uploaded_at_idx').on(table.uploadedAt),
  ],
);

export type CrashReportRow = typeof crashReports.$inferSelect;
export type NewCrashReportRow = typeof crashReports.$inferInsert;
export type OtaVersionRow = typeof otaVersions.$inferSelect;
export type NewOtaVersionRow = typeof otaVersions.$inferInsert;
