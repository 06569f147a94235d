import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  nextCrashScreenState,
  readCrashScreenState,
  toGroupListParams,
  toReportListParams,
  writeCrashScreenState,
  type CrashScreenState,
} from '@/features/crash-reports/lib/crash-report-params';

const read = (query: string) => readCrashScreenState(new URLSearchParams(query));

describe('readCrashScreenState', () => {
  it('starts on all reports, page 1, newest first', () => {
    expect(read('')).toEqual({
      view: 'reports',
      tab: 'all',
      page: 1,
      search: '',
      status: undefined,
      severity: undefined,
      platform: undefined,
      companyId: undefined,
      appVersion: undefined,
      dateFrom: undefined,
      dateTo: undefined,
      fingerprint: undefined,
      sortBy: undefined,
      sortOrder: undefined,
    });
  });

  it.each<[string, Partial<CrashScreenState>]>([
    ['view=groups', { view: 'groups' }],
    ['view=cards', { view: 'reports' }],
    ['reportType=crashes', { tab: 'crashes' }],
    ['reportType=debug', { tab: 'debug' }],
    ['reportType=all', { tab: 'all' }],
    ['page=3', { page: 3 }],
    ['page=0', { page: 1 }],
    ['page=two', { page: 1 }],
    ['status=in-progress', { status: 'in-progress' }],
    ['status=fixed', { status: undefined }],
    ['severity=critical', { severity: 'critical' }],
    ['severity=fatal', { severity: undefined }],
    ['platform=%20android%20', { platform: 'android' }],
    ['companyId=', { companyId: undefined }],
    ['appVersion=2.4.1', { appVersion: '2.4.1' }],
    ['dateFrom=2026-11-01', { dateFrom: '2026-11-01' }],
    ['dateFrom=01/11/2026', { dateFrom: undefined }],
    ['dateTo=2026-13-45', { dateTo: undefined }],
    ['fingerprint=a1b2c3d4e5f60718', { fingerprint: 'a1b2c3d4e5f60718' }],
    ['search=%20NullPointer%20', { search: 'NullPointer' }],
    ['sortBy=title&sortOrder=asc', { sortBy: 'title', sortOrder: 'asc' }],
  ])('%s reads as %j', (query, expected) => {
    expect(read(query)).toMatchObject(expected);
  });
});

describe('writeCrashScreenState', () => {
  it('leaves the defaults out of the URL', () => {
    expect(writeCrashScreenState(read('')).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const query =
      'view=groups&reportType=debug&page=2&search=NPE&status=new&severity=high&platform=android&companyId=CMP-1&appVersion=2.4.1&dateFrom=2026-11-01&dateTo=2026-11-30&fingerprint=abc&sortBy=devices&sortOrder=asc';
    expect(writeCrashScreenState(read(query)).toString()).toBe(query);
  });
});

describe('toReportListParams', () => {
  it.each<[string, Partial<ReturnType<typeof toReportListParams>>]>([
    ['', { sortBy: 'createdAt', sortOrder: 'desc', reportType: undefined, page: 1 }],
    ['reportType=crashes', { reportType: 'crashes' }],
    ['sortBy=severity&sortOrder=asc', { sortBy: 'severity', sortOrder: 'asc' }],
    // A group view's sort means nothing to the report list.
    ['sortBy=occurrences&sortOrder=asc', { sortBy: 'createdAt', sortOrder: 'desc' }],
    ['dateFrom=2026-11-01&dateTo=2026-11-30', { dateFrom: '2026-11-01', dateTo: '2026-11-30' }],
    // Out of order: the API would refuse it, so the end date waits to be mended.
    ['dateFrom=2026-11-30&dateTo=2026-11-01', { dateFrom: '2026-11-30', dateTo: undefined }],
  ])('%s asks for %j', (query, expected) => {
    expect(toReportListParams(read(query))).toMatchObject(expected);
  });
});

describe('toGroupListParams', () => {
  it('keeps the filters the group call accepts, most recently seen first', () => {
    expect(
      toGroupListParams(
        read('view=groups&reportType=debug&status=new&severity=low&appVersion=2.4.1&search=NPE'),
      ),
    ).toEqual({
      page: 1,
      search: 'NPE',
      severity: 'low',
      reportType: 'debug',
      appVersion: '2.4.1',
      sortBy: 'lastSeen',
      sortOrder: 'desc',
    });
  });

  it('sorts by occurrences when asked', () => {
    expect(toGroupListParams(read('sortBy=occurrences&sortOrder=desc'))).toMatchObject({
      sortBy: 'occurrences',
      sortOrder: 'desc',
    });
  });
});

describe('nextCrashScreenState', () => {
  const onPage3 = read('page=3&sortBy=title&sortOrder=asc');

  it.each<[string, Partial<CrashScreenState>, Partial<CrashScreenState>]>([
    ['a filter goes back to page 1', { status: 'resolved' }, { page: 1, status: 'resolved' }],
    ['a tab goes back to page 1', { tab: 'debug' }, { page: 1, tab: 'debug' }],
    ['a page change keeps the page', { page: 4 }, { page: 4, sortBy: 'title' }],
    [
      'another view drops the sort',
      { view: 'groups' },
      { view: 'groups', sortBy: undefined, sortOrder: undefined },
    ],
  ])('%s', (_name, changes, expected) => {
    expect(nextCrashScreenState(onPage3, changes)).toMatchObject(expected);
  });
});

describe('activeFilterCount', () => {
  it.each([
    ['', 0],
    ['reportType=debug&search=x', 0],
    ['status=new&severity=high', 2],
    [
      'platform=ios&companyId=C&appVersion=1&dateFrom=2026-01-01&dateTo=2026-01-02&fingerprint=f',
      6,
    ],
  ])('%s counts %i', (query, count) => {
    expect(activeFilterCount(read(query))).toBe(count);
  });
});
