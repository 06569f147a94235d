import type { CrashGroup, CrashReport, CrashReportStatistics } from '@patrol/contracts';
import type { FakeCall } from '@/test/fake-api';
import { jsonResponse } from '@/test/test-utils';

const gib = 1024 ** 3;

/** A critical crash with every diagnostic, and a debug report that left most of them out. */
export const sampleReports = {
  crash: {
    id: '3f2a9c1e-7b4d-4e5f-9a0b-1c2d3e4f5a6b',
    reportType: 'automatic',
    kind: 'crash',
    anr: null,
    native: null,
    title: 'NullPointerException in ScanActivity',
    description: 'Crashed while scanning a checkpoint',
    errorMessage: 'Attempt to invoke virtual method on a null object reference',
    stackTrace:
      'java.lang.NullPointerException\n\tat com.patrol.scan.ScanActivity.onTag(ScanActivity.kt:42)',
    readableStackTrace: null,
    severity: 'critical',
    status: 'new',
    reproducible: true,
    userSteps: 'Open Scan, tap a tag',
    userEmail: 'guard@acme.test',
    companyId: 'ACME-1',
    userId: 'guard-7',
    tags: ['nfc', 'scan'],
    additionalData: { performanceScore: 85, stabilityScore: 42, screen: 'scan' },
    deviceInfo: {
      platform: 'android',
      osVersion: '13',
      manufacturer: 'Samsung',
      model: 'SM-A515F',
      screenSize: '1080x2400',
      availableMemory: 1.5 * gib,
      totalMemory: 4 * gib,
      availableStorage: 12.34 * gib,
      totalStorage: 64 * gib,
      networkType: 'wifi',
      batteryLevel: 140,
    },
    appInfo: {
      appName: 'Patrol',
      packageName: 'com.patrol.app',
      version: '2.4.1',
      buildNumber: '241',
      installTime: 'yesterday',
    },
    fingerprint: 'a1b2c3d4e5f60718',
    deviceId: 'MPDID-0001',
    createdAt: '2026-11-24T01:30:00.000Z',
    updatedAt: '2026-11-24T01:30:00.000Z',
  },
  debug: {
    id: '9c8b7a65-4321-4fed-8cba-0123456789ab',
    reportType: 'debug',
    kind: 'crash',
    anr: null,
    native: null,
    title: 'Sync queue stuck',
    description: null,
    errorMessage: null,
    stackTrace: null,
    readableStackTrace: null,
    severity: 'low',
    status: 'investigating',
    reproducible: null,
    userSteps: null,
    userEmail: null,
    companyId: null,
    userId: null,
    tags: [],
    additionalData: {},
    deviceInfo: {},
    appInfo: {},
    fingerprint: null,
    deviceId: null,
    createdAt: 'not a date',
    updatedAt: '2026-11-24T02:00:00.000Z',
  },
} satisfies Record<string, CrashReport>;

export const sampleStatistics: CrashReportStatistics = {
  totalReports: 1234,
  newReports: 56,
  resolvedReports: 78,
  criticalReports: 9,
};

function pagination(totalCount: number, currentPage = 1) {
  const totalPages = Math.ceil(totalCount / 20);
  return {
    currentPage,
    totalPages,
    totalCount,
    limit: 20,
    hasNext: currentPage < totalPages,
    hasPrev: currentPage > 1,
  };
}

/** GET /api/crash-reports's answer for these reports (`totalCount` for more pages). */
export function reportsPage(
  reports: CrashReport[],
  options: { totalCount?: number; page?: number; totalCountCapped?: true } = {},
) {
  const paging = pagination(options.totalCount ?? reports.length, options.page);
  return jsonResponse({
    success: true,
    data: {
      reports,
      pagination: options.totalCountCapped ? { ...paging, totalCountCapped: true } : paging,
      statistics: sampleStatistics,
    },
  });
}

export const sampleGroup: CrashGroup = {
  fingerprint: 'a1b2c3d4e5f60718',
  title: 'NullPointerException in ScanActivity',
  exceptionType: 'java.lang.NullPointerException',
  culprit: 'com.patrol.scan.ScanActivity.onTag',
  reportType: 'automatic',
  kind: 'crash',
  basis: 'in-app',
  groupingReason: 'same exception and same 2 in-app frames',
  severity: 'critical',
  occurrences: 412,
  devices: 37,
  firstSeen: '2026-11-20T01:00:00.000Z',
  lastSeen: '2026-11-24T01:30:00.000Z',
  lastReportId: sampleReports.crash.id,
  appVersions: ['2.4.1', '2.4.0', '2.3.9', '2.3.8'],
};

export function groupsPage(groups: CrashGroup[]) {
  return jsonResponse({ success: true, data: { groups, pagination: pagination(groups.length) } });
}

export function groupDetail(group: CrashGroup, merged: unknown[] = []) {
  return jsonResponse({
    success: true,
    data: {
      ...group,
      merged,
      frames: ['com.patrol.scan.ScanActivity.onTag', 'com.patrol.nfc.TagReader.read'],
      versions: [
        {
          version: '2.4.1',
          occurrences: 400,
          firstSeen: '2026-11-22T01:00:00.000Z',
          lastSeen: '2026-11-24T01:30:00.000Z',
        },
        {
          version: '2.4.0',
          occurrences: 12,
          firstSeen: '2026-11-20T01:00:00.000Z',
          lastSeen: '2026-11-21T01:00:00.000Z',
        },
      ],
    },
  });
}

export const filterOptions = () =>
  jsonResponse({
    success: true,
    data: {
      statuses: ['new', 'investigating'],
      severities: ['critical', 'low'],
      platforms: ['android', 'ios'],
      appVersions: ['2.4.1', '2.4.0'],
    },
  });

/** The report list reads among the calls the fake API received. */
export const listCalls = (calls: FakeCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/crash-reports');
