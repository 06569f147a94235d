// Used from issue 14 (crash reports and OTA): the crash viewer and intake; reviewed against the spec when that issue builds on it.
import { z } from 'zod';
import { emailPattern, idSchema, isoDateTimeSchema, successResponse } from './fields';
import { pageSizes } from './limits';
import { listQuerySchema, paginationSchema } from './pagination';

/** How a report was raised by the patrol app. */
export const crashReportTypes = ['automatic', 'manual', 'debug'] as const;
export const crashReportTypeSchema = z.enum(crashReportTypes);
export type CrashReportType = z.infer<typeof crashReportTypeSchema>;

/** Any status may be set from the list; no order is enforced (spec 2 section 4). */
export const crashStatuses = [
  'new',
  'investigating',
  'in-progress',
  'resolved',
  'closed',
  'duplicate',
] as const;
export const crashStatusSchema = z.enum(crashStatuses);
export type CrashStatus = z.infer<typeof crashStatusSchema>;

export const crashSeverities = ['critical', 'high', 'medium', 'low'] as const;
export const crashSeveritySchema = z.enum(crashSeverities);
export type CrashSeverity = z.infer<typeof crashSeveritySchema>;

/** The list's tabs: All Reports (omitted from the query), Crash Reports, Debug Reports. */
export const crashReportTabs = ['crashes', 'debug'] as const;

/** A diagnostic the app may leave out or send as null. */
const diagnostic = (max: number) => z.string().max(max).nullable().optional();

/** The device that sent the report; every field may be missing (shown as N/A). */
export const crashDeviceInfoSchema = z.object({
  platform: diagnostic(50),
  osVersion: diagnostic(50),
  manufacturer: diagnostic(100),
  model: diagnostic(100),
  screenSize: diagnostic(50),
  /** Bytes. */
  availableMemory: z.number().nullable().optional(),
  formattedAvailableMemory: diagnostic(50),
  /** Bytes. */
  totalMemory: z.number().nullable().optional(),
  /** Bytes. */
  availableStorage: z.number().nullable().optional(),
  /** Bytes. */
  totalStorage: z.number().nullable().optional(),
  networkType: diagnostic(50),
  /** Percent; the console shows Invalid outside 0-100, so it is stored as sent. */
  batteryLevel: z.number().nullable().optional(),
});
export type CrashDeviceInfo = z.infer<typeof crashDeviceInfoSchema>;

/** The app build that sent the report. */
export const crashAppInfoSchema = z.object({
  appName: diagnostic(100),
  packageName: diagnostic(200),
  version: diagnostic(50),
  buildNumber: diagnostic(50),
  installTime: diagnostic(50),
});
export type CrashAppInfo = z.infer<typeof crashAppInfoSchema>;

/** Free key/value diagnostics attached by the app. */
const additionalDataSchema = z.record(z.string(), z.unknown());

/** A crash or debug report (spec 2 section 3). */
export const crashReportSchema = z.object({
  id: idSchema,
  reportType: crashReportTypeSchema,
  title: z.string(),
  description: z.string().nullable(),
  errorMessage: z.string().nullable(),
  stackTrace: z.string().nullable(),
  severity: crashSeveritySchema,
  status: crashStatusSchema,
  reproducible: z.boolean().nullable(),
  userSteps: z.string().nullable(),
  userEmail: z.string().nullable(),
  companyId: z.string().nullable(),
  userId: z.string().nullable(),
  tags: z.array(z.string()),
  additionalData: additionalDataSchema,
  deviceInfo: crashDeviceInfoSchema,
  appInfo: crashAppInfoSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type CrashReport = z.infer<typeof crashReportSchema>;

/** The four statistics cards. */
export const crashReportStatisticsSchema = z.object({
  totalReports: z.number().int(),
  newReports: z.number().int(),
  resolvedReports: z.number().int(),
  criticalReports: z.number().int(),
});
export type CrashReportStatistics = z.infer<typeof crashReportStatisticsSchema>;

const optionalFilter = z.string().trim().max(100).optional();

/** GET /api/crash-reports query; the console omits 'all' and empty values. */
export const listCrashReportsQuerySchema = listQuerySchema({
  sortFields: ['createdAt', 'title', 'severity', 'status'],
  defaultSort: 'createdAt',
  defaultLimit: pageSizes.crashReports,
}).extend({
  status: crashStatusSchema.optional(),
  severity: crashSeveritySchema.optional(),
  platform: optionalFilter,
  companyId: optionalFilter,
  appVersion: optionalFilter,
  reportType: z.enum(crashReportTabs).optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
});
export type ListCrashReportsQuery = z.infer<typeof listCrashReportsQuerySchema>;

/** GET /api/crash-reports: the console reads data.reports, data.pagination, data.statistics. */
export const listCrashReportsResponseSchema = successResponse({
  data: z.object({
    reports: z.array(crashReportSchema),
    pagination: paginationSchema,
    statistics: crashReportStatisticsSchema,
  }),
});
export type ListCrashReportsResponse = z.infer<typeof listCrashReportsResponseSchema>;

/** GET /api/crash-reports/filter-options: values present in stored reports. */
export const crashReportFilterOptionsResponseSchema = successResponse({
  data: z.object({
    statuses: z.array(crashStatusSchema),
    severities: z.array(crashSeveritySchema),
    platforms: z.array(z.string()),
  }),
});
export type CrashReportFilterOptionsResponse = z.infer<
  typeof crashReportFilterOptionsResponseSchema
>;

/** GET /api/crash-reports/{id} and PUT /api/crash-reports/{id}. */
export const crashReportResponseSchema = successResponse({
  message: z.string().optional(),
  data: crashReportSchema,
});
export type CrashReportResponse = z.infer<typeof crashReportResponseSchema>;

/** PUT /api/crash-reports/{id}. */
export const updateCrashReportBodySchema = z.object({ status: crashStatusSchema });
export type UpdateCrashReportBody = z.infer<typeof updateCrashReportBodySchema>;

/** POST /api/crash-reports, sent by the patrol app with its device token. */
export const createCrashReportBodySchema = z.object({
  reportType: crashReportTypeSchema.default('automatic'),
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, { error: 'Title is required', abort: true })
    .max(200, 'Title must be 200 characters or less'),
  description: z.string().max(10_000).optional(),
  errorMessage: z.string().max(10_000).optional(),
  stackTrace: z.string().max(100_000).optional(),
  severity: crashSeveritySchema.default('medium'),
  reproducible: z.boolean().optional(),
  userSteps: z.string().max(10_000).optional(),
  userEmail: z
    .string()
    .trim()
    .max(254)
    .refine(
      (value) => value === '' || emailPattern.test(value),
      'Please enter a valid email address',
    )
    .optional(),
  companyId: z.string().max(50).optional(),
  userId: z.string().max(100).optional(),
  tags: z.array(z.string().max(50)).max(20).default([]),
  additionalData: additionalDataSchema.default({}),
  deviceInfo: crashDeviceInfoSchema.default({}),
  appInfo: crashAppInfoSchema.default({}),
});
export type CreateCrashReportBody = z.infer<typeof createCrashReportBodySchema>;

export const createCrashReportResponseSchema = successResponse({
  message: z.string(),
  data: z.object({ id: idSchema }),
});
export type CreateCrashReportResponse = z.infer<typeof createCrashReportResponseSchema>;
