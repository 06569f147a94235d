import {
  buildPagination,
  crashReportMessages,
  crashSeverities,
  crashStatuses,
  type CrashGroupResponse,
  type CrashReportFilterOptionsResponse,
  type CrashReportResponse,
  type CrashReportStatisticsResponse,
  type CrashStatus,
  type CreateCrashReportBody,
  type CreateCrashReportResponse,
  type ListCrashGroupsQuery,
  type ListCrashGroupsResponse,
  type ListCrashReportsQuery,
  type ListCrashReportsResponse,
} from '@patrol/contracts';
import { crashSeverityRank, crashSignature } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordAudit } from '../audit/audit.service';
import { clientNameOf } from '../clients/clients.service';
import type { DeviceSession } from '../devices/devices.service';
import type { NewCrashReportRow } from '../../db/schema';
import { countMergedGroups, findMergedFingerprints } from './crash-group-merges.repo';
import { insertCountedCrashReport } from './crash-intake.repo';
import { readableStackFor } from './crash-mappings.service';
import { findCrashGroup, findCrashGroupPage, findCrashGroupVersions } from './crash-groups.repo';
import {
  presentCrashGroup,
  presentCrashGroupVersion,
  presentCrashReport,
} from './crash-reports.presenter';
import { countReports, crashReportStatistics } from './crash-report-counts.repo';
import { findCrashReportPage } from './crash-report-list.repo';
import {
  countCrashReportsSince,
  findCrashedDeviceIds,
  distinctReportValues,
  findCrashReportById,
  updateCrashReportStatus,
} from './crash-reports.repo';

/**
 * Files a report sent by a device: stored under the client of the device's licence (whatever
 * companyId the body names) with its fingerprint, and counted into its group in the same
 * statement. Announces newCrashReport once stored to those who may read reports.
 */
export async function receiveCrashReport(
  {
    db,
    events,
    uploads,
    logger,
    config,
  }: Pick<AppContext, 'db' | 'events' | 'uploads' | 'logger' | 'config'>,
  device: Pick<DeviceSession, 'licence' | 'client'>,
  body: CreateCrashReportBody,
): Promise<CreateCrashReportResponse> {
  const deviceId = device.licence.deviceId;
  const appVersion = body.appInfo.version?.trim() || null;
  const kindDetails = kindDetailsOf(body);
  // A release build's stack is obfuscated by R8: the group is made from its readable form (an
  // ANR's main thread stack too; a native backtrace is not R8's).
  const readableStackTrace =
    body.kind === 'native'
      ? null
      : await readableStackFor({ db, uploads, logger }, appVersion, body.stackTrace);
  const signature = crashSignature(
    {
      ...body,
      stackTrace: readableStackTrace ?? body.stackTrace,
      native: kindDetails && 'native' in kindDetails ? kindDetails.native : null,
    },
    { inAppPackages: config.crashInAppPackages },
  );
  // One statement stores the report and counts it in its group (or the group staff merged its
  // signature into) and in the statistics counters.
  const { id, fingerprint } = await insertCountedCrashReport(
    db,
    {
      reportType: body.reportType,
      kind: body.kind,
      kindDetails,
      title: body.title,
      description: body.description ?? null,
      errorMessage: body.errorMessage ?? null,
      stackTrace: body.stackTrace ?? null,
      readableStackTrace,
      severity: body.severity,
      reproducible: body.reproducible ?? null,
      userSteps: body.userSteps ?? null,
      userEmail: body.userEmail || null,
      companyId: device.client.companyId,
      userId: body.userId ?? null,
      tags: body.tags,
      additionalData: body.additionalData,
      deviceInfo: body.deviceInfo,
      appInfo: body.appInfo,
      signatureFingerprint: signature.fingerprint,
      deviceId,
    },
    {
      exceptionType: signature.exceptionType,
      culprit: signature.culprit,
      frames: signature.frames,
      kind: signature.kind,
      basis: signature.basis,
      severityRank: crashSeverityRank(body.severity),
      appVersion,
    },
  );
  events.publish('newCrashReport', {
    id,
    title: body.title,
    severity: body.severity,
    reportType: body.reportType,
  });
  return {
    success: true,
    message: crashReportMessages.received,
    data: { id, fingerprint },
  };
}

/** What a report of its kind carries beside its stack: an ANR's duration, a native tombstone. */
function kindDetailsOf(body: CreateCrashReportBody): NewCrashReportRow['kindDetails'] {
  if (body.kind === 'anr' && body.anr) return { anr: body.anr };
  if (body.kind === 'native' && body.native) return { native: body.native };
  return null;
}

/** GET /api/crash-reports: a page of reports, its paging block and the statistics cards. */
export async function listCrashReports(
  db: DbExecutor,
  query: ListCrashReportsQuery,
): Promise<ListCrashReportsResponse> {
  const { rows, totalCount, totalCountCapped, statistics } = await findCrashReportPage(db, query, {
    companyName: clientNameOf,
  });
  return {
    success: true,
    data: {
      reports: rows.map((row) => ({
        ...presentCrashReport(row),
        companyName: row.companyName ?? null,
      })),
      pagination: buildPagination(query.page, query.limit, totalCount, totalCountCapped),
      statistics,
    },
  };
}

/** Reports received since `since`, by an index range (the system metrics read it per scrape). */
export function crashReportsReceivedSince(db: DbExecutor, since: Date): Promise<number> {
  return countCrashReportsSince(db, since);
}

/** The devices that crashed on app version `appVersion` since `since` (release health reads it). */
export function devicesCrashedOnVersion(
  db: DbExecutor,
  appVersion: string,
  since: Date,
): Promise<string[]> {
  return findCrashedDeviceIds(db, appVersion, since);
}

/** GET /api/crash-reports/statistics. */
export async function getCrashReportStatistics(
  db: DbExecutor,
): Promise<CrashReportStatisticsResponse> {
  return { success: true, data: await crashReportStatistics(db) };
}

/**
 * GET /api/crash-reports/filter-options: the statuses, severities, platforms and app versions
 * present in stored reports (statuses and severities in their own order, versions newest first).
 */
export async function crashReportFilterOptions(
  db: DbExecutor,
): Promise<CrashReportFilterOptionsResponse> {
  const [statuses, severities, platforms, appVersions] = await Promise.all([
    distinctReportValues(db, 'status'),
    distinctReportValues(db, 'severity'),
    distinctReportValues(db, 'platform'),
    distinctReportValues(db, 'app_version'),
  ]);
  return {
    success: true,
    data: {
      statuses: crashStatuses.filter((status) => statuses.includes(status)),
      severities: crashSeverities.filter((severity) => severities.includes(severity)),
      platforms,
      appVersions: appVersions.sort((a, b) =>
        b.localeCompare(a, 'en', { numeric: true, sensitivity: 'base' }),
      ),
    },
  };
}

/** GET /api/crash-reports/{id}: the whole report; 404 'Crash report not found'. */
export async function getCrashReport(db: DbExecutor, id: string): Promise<CrashReportResponse> {
  const row = await findCrashReportById(db, id);
  if (!row) throw notFound(crashReportMessages.notFound);
  return { success: true, data: presentCrashReport(row) };
}

/** PUT /api/crash-reports/{id}: any status may follow any other (spec 2 section 4); audited. */
export async function updateCrashReport(
  { db }: Pick<AppContext, 'db'>,
  actor: AuthUser,
  id: string,
  status: CrashStatus,
): Promise<CrashReportResponse> {
  const row = await db.transaction(async (tx) => {
    const current = await findCrashReportById(tx, id, { forUpdate: true });
    if (!current) throw notFound(crashReportMessages.notFound);
    const updated = await updateCrashReportStatus(tx, id, status);
    if (current.status !== updated.status) {
      await countReports(tx, current.status, current.severity, -1);
      await countReports(tx, updated.status, updated.severity, 1);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'crash_report.status_updated',
      entityType: 'crash_report',
      entityId: id,
      before: { status: current.status },
      after: { status: updated.status },
    });
    return updated;
  });
  return {
    success: true,
    message: crashReportMessages.updated,
    data: presentCrashReport(row),
  };
}

/** GET /api/crash-reports/groups: a page of groups with the app versions that sent each. */
export async function listCrashGroups(
  db: DbExecutor,
  query: ListCrashGroupsQuery,
): Promise<ListCrashGroupsResponse> {
  const { rows, totalCount } = await findCrashGroupPage(db, query);
  const fingerprints = rows.map((row) => row.fingerprint);
  const [versions, merged] = await Promise.all([
    findCrashGroupVersions(db, fingerprints),
    countMergedGroups(db, fingerprints),
  ]);
  const byGroup = new Map<string, string[]>();
  for (const version of versions) {
    const list = byGroup.get(version.fingerprint) ?? [];
    list.push(version.appVersion);
    byGroup.set(version.fingerprint, list);
  }
  return {
    success: true,
    data: {
      groups: rows.map((row) =>
        presentCrashGroup(row, byGroup.get(row.fingerprint) ?? [], merged.get(row.fingerprint)),
      ),
      pagination: buildPagination(query.page, query.limit, totalCount),
    },
  };
}

/** GET /api/crash-reports/groups/{fingerprint}: the group, its frames and its versions; 404. */
export async function getCrashGroup(
  db: DbExecutor,
  fingerprint: string,
): Promise<CrashGroupResponse> {
  const row = await findCrashGroup(db, fingerprint);
  if (!row) throw notFound(crashReportMessages.groupNotFound);
  const [versions, merged] = await Promise.all([
    findCrashGroupVersions(db, [fingerprint]),
    findMergedFingerprints(db, fingerprint),
  ]);
  return {
    success: true,
    data: {
      ...presentCrashGroup(
        row,
        versions.map((version) => version.appVersion),
        merged.length,
      ),
      frames: row.frames,
      versions: versions.map(presentCrashGroupVersion),
      merged: merged.map((group) => ({
        fingerprint: group.fingerprint,
        mergedAt: group.mergedAt.toISOString(),
        occurrences: group.occurrences,
      })),
      splitFrom: row.splitFrom,
    },
  };
}
