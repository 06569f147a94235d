import { describe, expect, it } from 'vitest';
import {
  createCrashReportBodySchema,
  listCrashReportsQuerySchema,
  listCrashReportsResponseSchema,
  updateCrashReportBodySchema,
} from './crash-reports';
import { exampleId, examplePagination, exampleTime, messagesAt } from './test-support';

const report = {
  id: exampleId,
  reportType: 'automatic',
  kind: 'crash',
  anr: null,
  native: null,
  title: 'NFC reader crash',
  description: null,
  errorMessage: 'NullPointerException',
  stackTrace: 'at com.patrol.nfc.Reader.read(Reader.kt:42)',
  readableStackTrace: null,
  severity: 'critical',
  status: 'new',
  reproducible: null,
  userSteps: null,
  userEmail: null,
  companyId: 'ACME-01',
  userId: null,
  tags: ['nfc'],
  additionalData: { checkpoint: 'CP-7' },
  deviceInfo: { platform: 'android', osVersion: '14', batteryLevel: 140 },
  appInfo: { appName: 'Patrol', version: '1.2.0' },
  fingerprint: '0123456789abcdef',
  deviceId: 'MPDID-A1B2C3D4E5F6-Tower',
  createdAt: exampleTime,
  updatedAt: exampleTime,
};

describe('crash report contracts', () => {
  it('parses the list answer the console reads as data.reports, data.pagination, data.statistics', () => {
    const statistics = { totalReports: 1, newReports: 1, resolvedReports: 0, criticalReports: 1 };
    const answer = {
      success: true,
      data: { reports: [report], pagination: examplePagination, statistics },
    };
    expect(listCrashReportsResponseSchema.safeParse(answer).success).toBe(true);
  });

  it('pages by 20 and sorts newest first by default', () => {
    expect(listCrashReportsQuerySchema.parse({})).toMatchObject({
      page: 1,
      limit: 20,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    const query = listCrashReportsQuerySchema.parse({
      reportType: 'debug',
      severity: 'high',
      dateFrom: '2025-06-01',
    });
    expect(query).toMatchObject({ reportType: 'debug', severity: 'high', dateFrom: '2025-06-01' });
    expect(listCrashReportsQuerySchema.safeParse({ sortBy: 'stackTrace' }).success).toBe(false);
  });

  it('accepts every status, including in-progress, and nothing else', () => {
    expect(updateCrashReportBodySchema.safeParse({ status: 'in-progress' }).success).toBe(true);
    expect(updateCrashReportBodySchema.safeParse({ status: 'fixed' }).success).toBe(false);
  });

  it('fills defaults for a report from the app and requires its title', () => {
    expect(createCrashReportBodySchema.parse({ title: 'Crash' })).toMatchObject({
      reportType: 'automatic',
      kind: 'crash',
      severity: 'medium',
      tags: [],
    });
    expect(messagesAt(createCrashReportBodySchema, { title: ' ' }, 'title')).toEqual([
      'Title is required',
    ]);
  });

  it('takes optional fields sent as null for missing ones', () => {
    const parsed = createCrashReportBodySchema.parse({
      title: 'Crash',
      description: null,
      stackTrace: null,
      userEmail: null,
      tags: null,
      additionalData: null,
      deviceInfo: null,
      appInfo: { version: null, appName: 'Patrol' },
      somethingNew: 'ignored',
    });
    expect(parsed).toMatchObject({
      tags: [],
      additionalData: {},
      deviceInfo: {},
      appInfo: { version: null, appName: 'Patrol' },
    });
    expect(parsed).not.toHaveProperty('somethingNew');
  });

  it('names a bad field', () => {
    expect(
      messagesAt(createCrashReportBodySchema, { title: 'x', severity: 'fatal' }, 'severity'),
    ).toHaveLength(1);
    expect(
      messagesAt(createCrashReportBodySchema, { title: 'x', userEmail: 'nope' }, 'userEmail'),
    ).toEqual(['Please enter a valid email address']);
  });

  it('refuses a date range that ends before it starts', () => {
    expect(
      listCrashReportsQuerySchema.safeParse({ dateFrom: '2025-06-02', dateTo: '2025-06-01' })
        .success,
    ).toBe(false);
  });
});
