import {
  crashGroupActionResponseSchema,
  crashGroupParamsSchema,
  crashGroupResponseSchema,
  crashReportFilterOptionsResponseSchema,
  crashReportMaxBytes,
  crashReportMessages,
  crashReportResponseSchema,
  crashReportsPerDeviceMinute,
  crashReportStatisticsResponseSchema,
  createCrashReportBodySchema,
  createCrashReportResponseSchema,
  idParamsSchema,
  listCrashGroupsQuerySchema,
  listCrashGroupsResponseSchema,
  listCrashReportsQuerySchema,
  listCrashReportsResponseSchema,
  crashSplitMaxReports,
  crashStackVariantsResponseSchema,
  mergeCrashGroupsBodySchema,
  splitCrashGroupBodySchema,
  splitCrashReportsBodySchema,
  updateCrashReportBodySchema,
} from '@patrol/contracts';
import { mergeCrashGroups, splitCrashGroup } from './crash-group-merges.service';
import { crashStackVariants, splitCrashReports } from './crash-report-splits.service';
import { defineRoute } from '../../http/route';
import { listStackTraceLength } from './crash-report-list.repo';
import {
  crashReportFilterOptions,
  getCrashGroup,
  getCrashReport,
  getCrashReportStatistics,
  listCrashGroups,
  listCrashReports,
  receiveCrashReport,
  updateCrashReport,
} from './crash-reports.service';

const tags = ['crash-reports'];

/** Reading reports needs crashes.view; changing their status, crashes.manage. */
const readers = { permissions: ['crashes.view'] } as const;
const managers = { permissions: ['crashes.manage'] } as const;

/** The fixed paths come before /api/crash-reports/:id, which would take them for ids. */
export const crashReportRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/crash-reports',
    summary: 'Send a crash or debug report from the patrol app',
    description:
      'Authenticated with the device token from activation, `Authorization: Bearer <deviceToken>` ' +
      '(401 when missing or no longer valid), checked before the body. Only `title` is required; ' +
      'any other field may be missing or null, unknown fields are ignored, and a bad field is a ' +
      '400 naming it. `kind` is crash (the default), anr (with anr.blockedDurationMs and the main ' +
      "thread's stack as stackTrace) or native (with the tombstone: native.signal, abortMessage and " +
      'frames with library and build id); each kind groups on its own terms. The report is filed under the client of the licence, whatever `companyId` ' +
      'says (also when the licence has expired or its client is deactivated: those crashes ' +
      'matter too), and grouped by its fingerprint (exception chain and top in-app frames of ' +
      'CRASH_IN_APP_PACKAGES; line numbers, messages, library and framework frames do not count; ' +
      `a group merged by staff keeps taking its reports). Bodies over ${crashReportMaxBytes / 1024} kB ` +
      `are refused with 413; past ${crashReportsPerDeviceMinute} reports a minute per device, 429 ` +
      '(counted apart from heartbeats). Consoles holding crashes.view are told (newCrashReport).',
    tags,
    access: 'device',
    // The lean device chain (no console headers or compression), like heartbeats: a crash storm
    // across a fleet arrives hundreds a second.
    chain: 'device',
    successLog: 'debug',
    deviceLimit: 'crashReports',
    bodyLimit: { bytes: crashReportMaxBytes, message: crashReportMessages.tooLarge },
    body: createCrashReportBodySchema,
    response: createCrashReportResponseSchema,
    status: 201,
    handler: ({ ctx, device, body }) => receiveCrashReport(ctx, device, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/crash-reports',
    summary: 'A page of crash reports, with the statistics cards',
    description:
      'Filtered (status, severity, platform, companyId, appVersion, reportType crashes|debug, kind, ' +
      'fingerprint, dateFrom and dateTo as business days both included), searched (title, ' +
      'messages, description, user email and ids) and sorted (createdAt, title, severity by rank, ' +
      'status in workflow order) on the server, 20 a page by default. Each report carries the ' +
      `first ${listStackTraceLength.toLocaleString('en')} characters of its stack trace; ` +
      'GET /api/crash-reports/{id} answers it whole. The statistics count every report.',
    tags,
    access: readers,
    query: listCrashReportsQuerySchema,
    response: listCrashReportsResponseSchema,
    handler: ({ ctx, query }) => listCrashReports(ctx.db, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/crash-reports/statistics',
    summary: 'The statistics cards: total, new, resolved and critical reports',
    tags,
    access: readers,
    response: crashReportStatisticsResponseSchema,
    handler: ({ ctx }) => getCrashReportStatistics(ctx.db),
  }),
  defineRoute({
    method: 'get',
    path: '/api/crash-reports/filter-options',
    summary: 'The statuses, severities, platforms and app versions present in stored reports',
    tags,
    access: readers,
    response: crashReportFilterOptionsResponseSchema,
    handler: ({ ctx }) => crashReportFilterOptions(ctx.db),
  }),
  defineRoute({
    method: 'get',
    path: '/api/crash-reports/groups',
    summary: 'Crash groups: how often each crash recurs, on how many devices and app versions',
    description:
      'A group is every report sharing a fingerprint; groupingReason says why in words. Filtered ' +
      'by severity (the highest seen), reportType (crashes|debug), kind (crash|anr|native) and ' +
      "appVersion, searched (fingerprint, title, exception type, the latest report's message and " +
      'the frames, in-app frames included: what the merge picker searches), ' +
      'sorted by lastSeen (default), firstSeen, occurrences or devices; 20 a page by default.',
    tags,
    access: readers,
    query: listCrashGroupsQuerySchema,
    response: listCrashGroupsResponseSchema,
    handler: ({ ctx, query }) => listCrashGroups(ctx.db, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/crash-reports/groups/:fingerprint',
    summary: 'One crash group with its frames and its count per app version',
    description:
      "The group's reports are listed by GET /api/crash-reports?fingerprint={fingerprint}.",
    tags,
    access: readers,
    params: crashGroupParamsSchema,
    response: crashGroupResponseSchema,
    handler: ({ ctx, params }) => getCrashGroup(ctx.db, params.fingerprint),
  }),
  defineRoute({
    method: 'post',
    path: '/api/crash-reports/groups/:fingerprint/merge',
    summary: 'Merge another crash group into this one',
    description:
      'The reports of group `source` are counted in this group, and so are later reports whose ' +
      "signature is the source's (the merge is kept as a redirect). 400 when both are the same " +
      'group, 404 when either does not exist. Audited (crash_group.merged).',
    tags,
    access: managers,
    params: crashGroupParamsSchema,
    body: mergeCrashGroupsBodySchema,
    response: crashGroupActionResponseSchema,
    handler: ({ ctx, user, params, body }) =>
      mergeCrashGroups(ctx, user, params.fingerprint, body.source),
  }),
  defineRoute({
    method: 'post',
    path: '/api/crash-reports/groups/:fingerprint/split',
    summary: 'Split a merged group out of this one again',
    description:
      'The reports whose own signature is `fingerprint` (a group merged into this one, listed in ' +
      "the group's `merged`) leave it for a group of their own, and so do later ones. 400 when " +
      'it was not merged into this group, 404 when the group does not exist. Answers the group ' +
      'split out. Audited (crash_group.split).',
    tags,
    access: managers,
    params: crashGroupParamsSchema,
    body: splitCrashGroupBodySchema,
    response: crashGroupActionResponseSchema,
    handler: ({ ctx, user, params, body }) =>
      splitCrashGroup(ctx, user, params.fingerprint, body.fingerprint),
  }),
  defineRoute({
    method: 'get',
    path: '/api/crash-reports/groups/:fingerprint/variants',
    summary: "The stack variants among a group's latest reports",
    description:
      `The group's latest ${crashSplitMaxReports} reports, by their whole stack (exception chain and ` +
      'every frame, line numbers aside): each variant with its frames, count and report ids, the ' +
      'most frequent first. 404 when the group does not exist.',
    tags,
    access: readers,
    params: crashGroupParamsSchema,
    response: crashStackVariantsResponseSchema,
    handler: ({ ctx, params }) => crashStackVariants(ctx.db, params.fingerprint),
  }),
  defineRoute({
    method: 'post',
    path: '/api/crash-reports/groups/:fingerprint/split-reports',
    summary: "Split chosen reports (or a stack variant's) out of a group into a new group",
    description:
      `The reports named (1 to ${crashSplitMaxReports}) leave the group for a new group, and stay ` +
      'there when the retrace job regroups or the group is merged. New reports of the same ' +
      'signature still join this group. 400 when a report is not in the group or none would be ' +
      'left, 404 when the group does not exist. Answers the new group. Audited ' +
      '(crash_group.reports_split).',
    tags,
    access: managers,
    params: crashGroupParamsSchema,
    body: splitCrashReportsBodySchema,
    response: crashGroupActionResponseSchema,
    handler: ({ ctx, user, params, body }) =>
      splitCrashReports(ctx, user, params.fingerprint, body.reportIds),
  }),
  defineRoute({
    method: 'get',
    path: '/api/crash-reports/:id',
    summary: 'One crash report, whole',
    tags,
    access: readers,
    params: idParamsSchema,
    response: crashReportResponseSchema,
    handler: ({ ctx, params }) => getCrashReport(ctx.db, params.id),
  }),
  defineRoute({
    method: 'put',
    path: '/api/crash-reports/:id',
    summary: "Set a crash report's status",
    description: 'Any status may follow any other; the change enters the audit trail.',
    tags,
    access: managers,
    params: idParamsSchema,
    body: updateCrashReportBodySchema,
    response: crashReportResponseSchema,
    handler: ({ ctx, user, params, body }) => updateCrashReport(ctx, user, params.id, body.status),
  }),
];
