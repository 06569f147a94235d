// Used from issue 14 (crash reports and OTA): the crash viewer and intake; reviewed against the spec when that issue builds on it.
import { z } from 'zod';
import {
  anrDetailsSchema,
  crashGroupingBases,
  crashKindMessages,
  crashKindSchema,
  nativeDetailsSchema,
} from './crash-kinds';
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
  /** crash (uncaught exception), anr or native; reports sent before kinds existed are crashes. */
  kind: crashKindSchema,
  /** An ANR's blocked duration (its main thread's stack is stackTrace); null for other kinds. */
  anr: anrDetailsSchema.nullable(),
  /** A native crash's tombstone (signal, abort message, backtrace); null for other kinds. */
  native: nativeDetailsSchema.nullable(),
  title: z.string(),
  description: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** The stack trace as the app sent it (obfuscated in a minified release build). */
  stackTrace: z.string().nullable(),
  /**
   * The stack trace retraced with the version's R8/ProGuard mapping, from which the fingerprint
   * is made; null when the version has no mapping (yet).
   */
  readableStackTrace: z.string().nullable(),
  severity: crashSeveritySchema,
  status: crashStatusSchema,
  reproducible: z.boolean().nullable(),
  userSteps: z.string().nullable(),
  userEmail: z.string().nullable(),
  companyId: z.string().nullable(),
  /** The name of the client `companyId` names, when that client still exists (lists only). */
  companyName: z.string().nullable().optional(),
  userId: z.string().nullable(),
  tags: z.array(z.string()),
  additionalData: additionalDataSchema,
  deviceInfo: crashDeviceInfoSchema,
  appInfo: crashAppInfoSchema,
  /** The group of reports of the same crash (GET /api/crash-reports/groups/{fingerprint}). */
  fingerprint: z.string().nullable(),
  /** The device (MPDID-...) whose token sent the report. */
  deviceId: z.string().nullable(),
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

export const crashReportMessages = {
  notFound: 'Crash report not found',
  groupNotFound: 'Crash group not found',
  updated: 'Crash report updated successfully',
  received: 'Crash report received',
  dateOrder: 'The start date must be on or before the end date',
  tooLarge: 'Crash report is too large: at most 256 kB.',
} as const;

/** A fingerprint as the API answers it (16 hex digits), or a legacy one. */
export const crashFingerprintSchema = z.string().trim().min(1).max(64);

const datesInOrder = (query: { dateFrom?: string; dateTo?: string }) =>
  !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo;

/**
 * GET /api/crash-reports query; the console omits 'all' and empty values. Sorting by severity
 * ranks critical above high, medium and low; by status, in the order of the workflow (new first).
 * Dates are business days (Asia/Kuala_Lumpur), both included.
 */
export const listCrashReportsQuerySchema = listQuerySchema({
  sortFields: ['createdAt', 'title', 'severity', 'status'],
  defaultSort: 'createdAt',
  defaultLimit: pageSizes.crashReports,
})
  .extend({
    status: crashStatusSchema.optional(),
    severity: crashSeveritySchema.optional(),
    platform: optionalFilter,
    companyId: optionalFilter,
    appVersion: optionalFilter,
    reportType: z.enum(crashReportTabs).optional(),
    kind: crashKindSchema.optional(),
    dateFrom: z.iso.date().optional(),
    dateTo: z.iso.date().optional(),
    /** The reports of one group. */
    fingerprint: crashFingerprintSchema.optional(),
  })
  .refine(datesInOrder, { error: crashReportMessages.dateOrder, path: ['dateTo'] });
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
    /** App versions that sent reports, for the appVersion filter. */
    appVersions: z.array(z.string()),
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

/** An optional text the app may leave out or send as null. */
const optionalText = (max: number) => z.string().max(max).nullish();

/** A list or block the app may leave out or send as null: taken as empty. */
function orEmpty<S extends z.ZodType>(schema: S, empty: () => z.output<S>) {
  return schema.nullish().transform((value): z.output<S> => value ?? empty());
}

/**
 * POST /api/crash-reports, sent by the patrol app with its device token. Only the title is
 * required; every other field may be missing or null, and unknown fields are ignored.
 */
export const createCrashReportBodySchema = z
  .object({
    reportType: crashReportTypeSchema.default('automatic'),
    /** A report without a kind is a crash (the app's reports from before kinds existed). */
    kind: crashKindSchema.nullish().transform((kind) => kind ?? 'crash'),
    /** With kind anr: the blocked duration; the main thread's stack is stackTrace. */
    anr: anrDetailsSchema.nullish(),
    /** With kind native: the tombstone's signal, abort message and backtrace. */
    native: nativeDetailsSchema.nullish(),
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, { error: 'Title is required', abort: true })
      .max(200, 'Title must be 200 characters or less'),
    description: optionalText(10_000),
    errorMessage: optionalText(10_000),
    /** The exception and its frames as the platform prints them; grouped by type and app frames. */
    stackTrace: optionalText(100_000),
    severity: crashSeveritySchema.default('medium'),
    reproducible: z.boolean().nullish(),
    userSteps: optionalText(10_000),
    userEmail: z
      .string()
      .trim()
      .max(254)
      .refine(
        (value) => value === '' || emailPattern.test(value),
        'Please enter a valid email address',
      )
      .nullish(),
    /** Ignored: a report is filed under the client of the licence whose device token sent it. */
    companyId: optionalText(50),
    userId: optionalText(100),
    tags: orEmpty(z.array(z.string().max(50)).max(20), () => []),
    additionalData: orEmpty(additionalDataSchema, () => ({})),
    deviceInfo: orEmpty(crashDeviceInfoSchema, () => ({})),
    appInfo: orEmpty(crashAppInfoSchema, () => ({})),
  })
  .superRefine((body, context) => {
    if (body.kind === 'anr' && !body.anr) {
      context.addIssue({ code: 'custom', path: ['anr'], message: crashKindMessages.anrRequired });
    }
    if (body.kind === 'native' && !body.native) {
      context.addIssue({
        code: 'custom',
        path: ['native'],
        message: crashKindMessages.nativeRequired,
      });
    }
  });
export type CreateCrashReportBody = z.infer<typeof createCrashReportBodySchema>;

export const createCrashReportResponseSchema = successResponse({
  message: z.string(),
  data: z.object({ id: idSchema, fingerprint: z.string() }),
});
export type CreateCrashReportResponse = z.infer<typeof createCrashReportResponseSchema>;

/** GET /api/crash-reports/statistics: the four cards alone, for a refresh without the list. */
export const crashReportStatisticsResponseSchema = successResponse({
  data: crashReportStatisticsSchema,
});
export type CrashReportStatisticsResponse = z.infer<typeof crashReportStatisticsResponseSchema>;

/**
 * A group: every report sharing a fingerprint (same exception chain and top in-app frames), with
 * how often and where it recurs.
 */
export const crashGroupSchema = z.object({
  fingerprint: z.string(),
  /** The title of the latest report of the group. */
  title: z.string(),
  /** The outermost exception's class; null when the reports carry no trace. */
  exceptionType: z.string().nullable(),
  /** The top frame of the app (where it crashed); null when the trace has none. */
  culprit: z.string().nullable(),
  reportType: crashReportTypeSchema,
  kind: crashKindSchema,
  /** What the group was made on (the app's frames, other frames, or the exception and title). */
  basis: z.enum(crashGroupingBases),
  /** Why its reports are together, in words: "same exception and same 5 in-app frames". */
  groupingReason: z.string(),
  /** The highest severity any report of the group was sent with. */
  severity: crashSeveritySchema,
  occurrences: z.number().int(),
  /** Distinct devices that sent it. */
  devices: z.number().int(),
  firstSeen: isoDateTimeSchema,
  lastSeen: isoDateTimeSchema,
  lastReportId: idSchema,
  /** App versions that sent it, the most recently seen first. */
  appVersions: z.array(z.string()),
});
export type CrashGroup = z.infer<typeof crashGroupSchema>;

/** One app version's share of a group. */
export const crashGroupVersionSchema = z.object({
  version: z.string(),
  occurrences: z.number().int(),
  firstSeen: isoDateTimeSchema,
  lastSeen: isoDateTimeSchema,
});
export type CrashGroupVersion = z.infer<typeof crashGroupVersionSchema>;

/** GET /api/crash-reports/groups query: most recently seen first by default. */
export const listCrashGroupsQuerySchema = listQuerySchema({
  sortFields: ['lastSeen', 'firstSeen', 'occurrences', 'devices'],
  defaultSort: 'lastSeen',
  defaultLimit: pageSizes.crashReports,
}).extend({
  severity: crashSeveritySchema.optional(),
  reportType: z.enum(crashReportTabs).optional(),
  kind: crashKindSchema.optional(),
  /** Groups that this app version sent. */
  appVersion: optionalFilter,
});
export type ListCrashGroupsQuery = z.infer<typeof listCrashGroupsQuerySchema>;

export const listCrashGroupsResponseSchema = successResponse({
  data: z.object({ groups: z.array(crashGroupSchema), pagination: paginationSchema }),
});
export type ListCrashGroupsResponse = z.infer<typeof listCrashGroupsResponseSchema>;

/** A group merged into another by staff (split out again by POST .../split). */
export const crashGroupMergeSchema = z.object({
  fingerprint: z.string(),
  mergedAt: isoDateTimeSchema,
  /** Reports of the merged group now counted in this one. */
  occurrences: z.number().int(),
});
export type CrashGroupMerge = z.infer<typeof crashGroupMergeSchema>;

export const crashGroupParamsSchema = z.object({ fingerprint: crashFingerprintSchema });

/**
 * GET /api/crash-reports/groups/{fingerprint}: the group, its frames and its count per app
 * version; its reports are listed by GET /api/crash-reports?fingerprint=...
 */
export const crashGroupResponseSchema = successResponse({
  data: crashGroupSchema.extend({
    /** The frames the fingerprint was made of, top first, without line numbers. */
    frames: z.array(z.string()),
    versions: z.array(crashGroupVersionSchema),
    /** Groups staff merged into this one: their reports (and new ones) are counted here. */
    merged: z.array(crashGroupMergeSchema),
    /** The group staff split this one out of (chosen reports), or null. */
    splitFrom: z.string().nullable(),
  }),
});
export type CrashGroupResponse = z.infer<typeof crashGroupResponseSchema>;
