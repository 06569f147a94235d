import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { findCrashReportPage, listStackTraceLength } from './crash-report-list.repo';
import { bearer } from '../../../test/builders';
import { setUpCrashReportsFixture } from './crash-reports-test-fixture';

describe('crash report viewer API', () => {
  const fixture = setUpCrashReportsFixture();

  const list = (query: Record<string, string | number> = {}, token = fixture.admin) =>
    request(fixture.t.app).get('/api/crash-reports').query(query).set(bearer(token));
  const titles = (body: { data: { reports: { title: string }[] } }) =>
    body.data.reports.map((report) => report.title);

  describe('GET /api/crash-reports', () => {
    it('answers the first page of 20, newest first, with paging and the statistics cards', async () => {
      const response = await list().expect(200);
      expect(response.body.success).toBe(true);
      expect(response.body.data.reports).toHaveLength(20);
      expect(titles(response.body).slice(0, 5)).toEqual([
        'Echo crash',
        'Delta battery',
        'charlie debug log',
        'Bravo sync failed',
        'Alpha crash',
      ]);
      expect(response.body.data.pagination).toEqual({
        currentPage: 1,
        totalPages: 2,
        totalCount: 27,
        limit: 20,
        hasNext: true,
        hasPrev: false,
      });
      expect(response.body.data.statistics).toEqual({
        totalReports: 27,
        newReports: 1,
        resolvedReports: 2,
        criticalReports: 2,
      });
      expect(response.body.data.reports[4]).toMatchObject({
        id: fixture.r.r1.id,
        reportType: 'automatic',
        severity: 'critical',
        status: 'new',
        companyId: 'ACME',
        fingerprint: 'fp-a',
        deviceInfo: { platform: 'android' },
        appInfo: { version: '2.4.1' },
        createdAt: '2026-03-01T17:30:00.000Z',
      });
    });

    it('answers the last page with what is left', async () => {
      const response = await list({ page: 2 }).expect(200);
      expect(response.body.data.reports).toHaveLength(7);
      expect(response.body.data.pagination).toMatchObject({
        currentPage: 2,
        totalCount: 27,
        hasNext: false,
        hasPrev: true,
      });
    });

    it('answers a page past the end empty, with the count and the statistics cards', async () => {
      const cards = { totalReports: 27, newReports: 1, resolvedReports: 2, criticalReports: 2 };
      const unfiltered = await list({ page: 9 }).expect(200);
      expect(unfiltered.body.data.reports).toEqual([]);
      expect(unfiltered.body.data.pagination).toMatchObject({ totalCount: 27, totalPages: 2 });
      expect(unfiltered.body.data.statistics).toEqual(cards);
      const filtered = await list({ severity: 'low', limit: 5, page: 9 }).expect(200);
      expect(filtered.body.data.reports).toEqual([]);
      expect(filtered.body.data.pagination).toMatchObject({ totalCount: 23, totalPages: 5 });
      expect(filtered.body.data.statistics).toEqual(cards);
    });

    it('cuts stack traces in the list; the detail has them whole', async () => {
      const response = await list({ fingerprint: 'fp-a' }).expect(200);
      const listed = response.body.data.reports.find(
        (report: { id: string }) => report.id === fixture.r.r1.id,
      );
      expect(listed.stackTrace).toHaveLength(listStackTraceLength);
      const detail = await request(fixture.t.app)
        .get(`/api/crash-reports/${fixture.r.r1.id}`)
        .set(bearer(fixture.admin))
        .expect(200);
      expect(detail.body.data.stackTrace).toBe(fixture.r.r1.stackTrace);
    });

    it.each<[string, Record<string, string>, string[]]>([
      ['status', { status: 'new' }, ['Alpha crash']],
      ['severity', { severity: 'critical' }, ['Echo crash', 'Alpha crash']],
      ['platform', { platform: 'ios' }, ['charlie debug log']],
      ['companyId', { companyId: 'BETA' }, ['Delta battery', 'charlie debug log']],
      ['appVersion', { appVersion: '2.4.0' }, ['Bravo sync failed']],
      ['the Debug Reports tab', { reportType: 'debug' }, ['charlie debug log']],
      [
        'the Crash Reports tab (automatic and manual)',
        { reportType: 'crashes', companyId: 'ACME' },
        ['Echo crash', 'Bravo sync failed', 'Alpha crash'],
      ],
      ['a search in the error message', { search: 'bitmap' }, ['Delta battery']],
      ['a search in the user email, any case', { search: 'SAM@Example' }, ['Delta battery']],
      ['a search with a LIKE wildcard, taken literally', { search: 'crash%' }, []],
      [
        'business days, both included',
        { dateFrom: '2026-03-02', dateTo: '2026-03-03' },
        ['charlie debug log', 'Bravo sync failed', 'Alpha crash'],
      ],
      ['a group', { fingerprint: 'fp-a' }, ['Bravo sync failed', 'Alpha crash']],
      [
        'filters together',
        { companyId: 'ACME', severity: 'critical', status: 'resolved' },
        ['Echo crash'],
      ],
    ])('filters by %s', async (_name, query, expected) => {
      const response = await list(query).expect(200);
      expect(titles(response.body)).toEqual(expected);
      expect(response.body.data.pagination.totalCount).toBe(expected.length);
      // The cards always count every report.
      expect(response.body.data.statistics.totalReports).toBe(27);
    });

    it.each<[string, Record<string, string>, string[]]>([
      [
        'severity, critical first',
        { sortBy: 'severity', sortOrder: 'desc', companyId: 'ACME' },
        ['Echo crash', 'Alpha crash', 'Bravo sync failed'],
      ],
      [
        'status, in the order of the workflow',
        { sortBy: 'status', sortOrder: 'asc', companyId: 'ACME' },
        ['Alpha crash', 'Bravo sync failed', 'Echo crash'],
      ],
      [
        'title, whatever the case',
        { sortBy: 'title', sortOrder: 'asc', companyId: 'BETA' },
        ['charlie debug log', 'Delta battery'],
      ],
      [
        'date, oldest first',
        { sortBy: 'createdAt', sortOrder: 'asc', companyId: 'ACME' },
        ['Alpha crash', 'Bravo sync failed', 'Echo crash'],
      ],
      [
        'severity within one severity (then newest first)',
        { sortBy: 'severity', sortOrder: 'desc', severity: 'critical' },
        ['Echo crash', 'Alpha crash'],
      ],
      [
        'status within one status (then oldest first)',
        { sortBy: 'status', sortOrder: 'asc', status: 'resolved' },
        ['charlie debug log', 'Echo crash'],
      ],
    ])('sorts by %s', async (_name, query, expected) => {
      expect(titles((await list(query).expect(200)).body)).toEqual(expected);
    });

    it('counts a filtered list across its pages', async () => {
      const response = await list({ severity: 'low', limit: 5, page: 2 }).expect(200);
      expect(response.body.data.reports).toHaveLength(5);
      expect(response.body.data.pagination).toMatchObject({ totalCount: 23, totalPages: 5 });
      expect(response.body.data.pagination).not.toHaveProperty('totalCountCapped');
    });

    it('counts a filtered list only so far past its page, and exactly on its last page', async () => {
      const page = (n: number) =>
        findCrashReportPage(
          fixture.t.database.db,
          { severity: 'low', sortBy: 'createdAt', sortOrder: 'desc', page: n, limit: 5 },
          { countAhead: 5 },
        );
      expect(await page(1)).toMatchObject({ totalCount: 5, totalCountCapped: true });
      expect(await page(3)).toMatchObject({ totalCount: 15, totalCountCapped: true });
      const last = await page(5);
      expect(last.rows).toHaveLength(3);
      expect(last).toMatchObject({ totalCount: 23, totalCountCapped: false });
    });

    it.each([
      ['sortBy', { sortBy: 'stackTrace' }],
      ['status', { status: 'fixed' }],
      ['severity', { severity: 'fatal' }],
      ['reportType', { reportType: 'all' }],
      ['limit', { limit: 101 }],
      ['dateFrom', { dateFrom: '1 March' }],
      ['dateTo', { dateFrom: '2026-03-05', dateTo: '2026-03-01' }],
    ])('answers a bad %s with 400 naming it', async (field, query) => {
      const response = await list(query).expect(400);
      expect(response.body).toMatchObject({
        success: false,
        error: 'VALIDATION_ERROR',
        errors: { [field]: expect.any(String) },
      });
    });

    it('is refused without crashes.view (403) and without a session (401)', async () => {
      await list({}, await fixture.t.signIn('sales')).expect(403);
      await list({}, await fixture.t.signIn('Admin', { customDenied: ['crashes.view'] })).expect(
        403,
      );
      await request(fixture.t.app).get('/api/crash-reports').expect(401);
    });
  });

  describe('GET /api/crash-reports/statistics', () => {
    it('answers the four cards', async () => {
      const response = await request(fixture.t.app)
        .get('/api/crash-reports/statistics')
        .set(bearer(fixture.admin))
        .expect(200);
      expect(response.body).toEqual({
        success: true,
        data: { totalReports: 27, newReports: 1, resolvedReports: 2, criticalReports: 2 },
      });
    });

    it('is refused without crashes.view (403)', async () => {
      await request(fixture.t.app)
        .get('/api/crash-reports/statistics')
        .set(bearer(await fixture.t.signIn('accounts')))
        .expect(403);
    });
  });

  describe('GET /api/crash-reports/filter-options', () => {
    it('lists the values present: statuses and severities in their order, versions newest first', async () => {
      const response = await request(fixture.t.app)
        .get('/api/crash-reports/filter-options')
        .set(bearer(fixture.admin))
        .expect(200);
      expect(response.body).toEqual({
        success: true,
        data: {
          statuses: ['new', 'investigating', 'resolved', 'closed', 'duplicate'],
          severities: ['critical', 'high', 'medium', 'low'],
          platforms: ['android', 'ios'],
          appVersions: ['2.4.1', '2.4.0', '2.3.0', '1.0.0'],
        },
      });
    });

    it('is refused without crashes.view (403)', async () => {
      await request(fixture.t.app)
        .get('/api/crash-reports/filter-options')
        .set(bearer(await fixture.t.signIn('manager')))
        .expect(403);
    });
  });
});
