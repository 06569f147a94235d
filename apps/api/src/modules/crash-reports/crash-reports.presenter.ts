import type {
  CrashAppInfo,
  CrashDeviceInfo,
  CrashGroup,
  CrashGroupVersion,
  CrashReport,
} from '@patrol/contracts';
import { crashGroupingReason } from '@patrol/domain';
import type { CrashGroupVersionRow } from '../../db/schema';
import type { StoredCrashGroup } from './crash-groups.repo';
import type { StoredCrashReport } from './crash-reports.repo';

/** A stored report as the API shows it (the row's sort and search keys stay inside). */
export function presentCrashReport(row: StoredCrashReport): CrashReport {
  return {
    id: row.id,
    reportType: row.reportType,
    kind: row.kind,
    anr: row.kindDetails && 'anr' in row.kindDetails ? row.kindDetails.anr : null,
    native: row.kindDetails && 'native' in row.kindDetails ? row.kindDetails.native : null,
    title: row.title,
    description: row.description,
    errorMessage: row.errorMessage,
    stackTrace: row.stackTrace,
    readableStackTrace: row.readableStackTrace,
    severity: row.severity,
    status: row.status,
    reproducible: row.reproducible,
    userSteps: row.userSteps,
    userEmail: row.userEmail,
    companyId: row.companyId,
    userId: row.userId,
    tags: row.tags,
    additionalData: row.additionalData,
    deviceInfo: row.deviceInfo as CrashDeviceInfo,
    appInfo: row.appInfo as CrashAppInfo,
    fingerprint: row.fingerprint,
    deviceId: row.deviceId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A group with the versions that sent it, the most recently seen first, and why its reports are
 * together (`mergedGroups`: how many groups staff merged into it).
 */
export function presentCrashGroup(
  row: StoredCrashGroup,
  versions: string[],
  mergedGroups = 0,
): CrashGroup {
  return {
    fingerprint: row.fingerprint,
    title: row.title,
    exceptionType: row.exceptionType,
    culprit: row.culprit,
    reportType: row.reportType,
    kind: row.kind,
    basis: row.basis,
    groupingReason: crashGroupingReason({
      kind: row.kind,
      basis: row.basis,
      exceptionType: row.exceptionType,
      frameCount: row.frames.length,
      mergedGroups,
      splitFrom: row.splitFrom,
    }),
    severity: row.severity,
    occurrences: row.occurrences,
    devices: row.devices,
    firstSeen: row.firstSeen.toISOString(),
    lastSeen: row.lastSeen.toISOString(),
    lastReportId: row.lastReportId,
    appVersions: versions,
  };
}

/** One app version's share of a group. */
export function presentCrashGroupVersion(row: CrashGroupVersionRow): CrashGroupVersion {
  return {
    version: row.appVersion,
    occurrences: row.occurrences,
    firstSeen: row.firstSeen.toISOString(),
    lastSeen: row.lastSeen.toISOString(),
  };
}
