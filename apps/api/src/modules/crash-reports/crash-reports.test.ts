import { randomUUID } from 'node:crypto';
import { crashReportMessages } from '@patrol/contracts';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, type CrashReportRow, type NewCrashReportRow } from '../../db/schema';
import { listStackTraceLength } from './crash-reports.repo';
import {
  type TestContext,
  bearer,
  buildCrashReport,
  createTestContext,
} from '../../../test/builders';

/** A report of the fixture: the row's own fields plus the JSON the generated columns read. */
function fixture(
  values: Partial<NewCrashReportRow> & { platform?: string; appVersion?: string },
): Partial<NewCrashReportRow> {
  const { platform = 'android', appVersion = '1.0.0', ...row } = values;
  return { deviceInfo: { platform }, appInfo: { version: appVersion }, ...row };
}

describe('crash report viewer API', () => {
  let t: TestContext;
  let admin: string;
  let r: Record<'r1' | 'r2' | 'r3' | 'r4' | 'r5', CrashReportRow>;
  const fillerCount = 22;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
    r = {
      // 17:30 UTC on 1 March is 01:30 on 2 March in Kuala Lumpur: a 2 March report.
      r1: await buildCrashReport(
        t,
        fixture({
          title: 'Alpha crash',
          severity: 'critical',
          status: 'new',
          companyId: 'ACME',
          appVersion: '2.4.1',
          fingerprint: 'fp-a',
          createdAt: new Date('2026-03-01T17:30:00Z'),
          stackTrace: `java.lang.IllegalStateException\n${'\tat com.patrol.A.f(A.kt:1)\n'.repeat(300)}`,
        }),
      ),
      r2: await buildCrashReport(
        t,
        fixture({
          title: 'Bravo sync failed',
          severity: 'high',
          status: 'investigating',
          companyId: 'ACME',
          appVersion: '2.4.0',
          reportType: 'manual',
          fingerprint: 'fp-a',
          createdAt: new Date('2026-03-02T02:00:00Z'),
        }),
      ),
      r3: await buildCrashReport(
        t,
        fixture({
          title: 'charlie debug log',
          severity: 'low',
          status: 'resolved',
          companyId: 'BETA',
          platform: 'ios',
          appVersion: '2.3.0',
          reportType: 'debug',
          fingerprint: 'fp-b',
          createdAt: new Date('2026-03-03T02:00:00Z'),
        }),
      ),
      r4: await buildCrashReport(
        t,
        fixture({
          title: 'Delta battery',
          severity: 'medium',
          status: 'closed',
          companyId: 'BETA',
          appVersion: '2.4.1',
          errorMessage: 'OutOfMemoryError in BitmapFactory',
          userEmail: 'sam@example.test',
          createdAt: new Date('2026-03-04T02:00:00Z'),
        }),
      ),
      r5: await buildCrashReport(
        t,
        fixture({
          title: 'Echo crash',
          severity: 'critical',
          status: 'resolved',
          companyId: 'ACME',
          appVersion: '2.4.1',
          createdAt: new Date('2026-03-05T02:00:00Z'),
        }),
      ),
    };
    for (let i = 0; i < fillerCount; i += 1) {
      await buildCrashReport(
        t,
        fixture({
          title: `Filler ${i}`,
          severity: 'low',
          status: 'duplicate',
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        }),
      );
    }
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number> = {}, token = admin) =>
    request(t.app).get('/api/crash-reports').query(query).set(bearer(token));
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
        id: r.r1.id,
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

    it('cuts stack traces in the list; the detail has them whole', async () => {
      const response = await list({ fingerprint: 'fp-a' }).expect(200);
      const listed = response.body.data.reports.find(
        (report: { id: string }) => report.id === r.r1.id,
      );
      expect(listed.stackTrace).toHaveLength(listStackTraceLength);
      const detail = await request(t.app)
        .get(`/api/crash-reports/${r.r1.id}`)
        .set(bearer(admin))
        .expect(200);
      expect(detail.body.data.stackTrace).toBe(r.r1.stackTrace);
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
    ])('sorts by %s', async (_name, query, expected) => {
      expect(titles((await list(query).expect(200)).body)).toEqual(expected);
    });

    it('counts a filtered list across its pages', async () => {
      const response = await list({ severity: 'low', limit: 5, page: 2 }).expect(200);
      expect(response.body.data.reports).toHaveLength(5);
      expect(response.body.data.pagination).toMatchObject({ totalCount: 23, totalPages: 5 });
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

    it('is refused without settings.view (403) and without a session (401)', async () => {
      await list({}, await t.signIn('sales')).expect(403);
      await list({}, await t.signIn('Admin', { customDenied: ['settings.view'] })).expect(403);
      await request(t.app).get('/api/crash-reports').expect(401);
    });
  });

  describe('GET /api/crash-reports/statistics', () => {
    it('answers the four cards', async () => {
      const response = await request(t.app)
        .get('/api/crash-reports/statistics')
        .set(bearer(admin))
        .expect(200);
      expect(response.body).toEqual({
        success: true,
        data: { totalReports: 27, newReports: 1, resolvedReports: 2, criticalReports: 2 },
      });
    });

    it('is refused without settings.view (403)', async () => {
      await request(t.app)
        .get('/api/crash-reports/statistics')
        .set(bearer(await t.signIn('accounts')))
        .expect(403);
    });
  });

  describe('GET /api/crash-reports/filter-options', () => {
    it('lists the values present: statuses and severities in their order, versions newest first', async () => {
      const response = await request(t.app)
        .get('/api/crash-reports/filter-options')
        .set(bearer(admin))
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

    it('is refused without settings.view (403)', async () => {
      await request(t.app)
        .get('/api/crash-reports/filter-options')
        .set(bearer(await t.signIn('manager')))
        .expect(403);
    });
  });

  describe('GET /api/crash-reports/{id}', () => {
    it('answers the whole report', async () => {
      const response = await request(t.app)
        .get(`/api/crash-reports/${r.r4.id}`)
        .set(bearer(admin))
        .expect(200);
      expect(response.body).toEqual({
        success: true,
        data: expect.objectContaining({
          id: r.r4.id,
          title: 'Delta battery',
          errorMessage: 'OutOfMemoryError in BitmapFactory',
          userEmail: 'sam@example.test',
          status: 'closed',
          tags: [],
          additionalData: {},
          deviceId: null,
        }),
      });
      expect(response.body.data).not.toHaveProperty('searchText');
      expect(response.body.data).not.toHaveProperty('severityRank');
    });

    it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
      const missing = await request(t.app)
        .get(`/api/crash-reports/${randomUUID()}`)
        .set(bearer(admin))
        .expect(404);
      expect(missing.body).toEqual({
        success: false,
        error: 'NOT_FOUND',
        message: crashReportMessages.notFound,
      });
      const malformed = await request(t.app)
        .get('/api/crash-reports/not-an-id')
        .set(bearer(admin))
        .expect(400);
      expect(malformed.body.errors).toHaveProperty('id');
    });

    it('is refused without settings.view (403)', async () => {
      await request(t.app)
        .get(`/api/crash-reports/${r.r4.id}`)
        .set(bearer(await t.signIn('sales')))
        .expect(403);
    });
  });

  // Last: these change statuses, which the cards above count.
  describe('PUT /api/crash-reports/{id}', () => {
    const put = (id: string, body: object, token = admin) =>
      request(t.app).put(`/api/crash-reports/${id}`).set(bearer(token)).send(body);

    it('moves a report between the statistics cards as its status changes', async () => {
      const statistics = async () =>
        (await request(t.app).get('/api/crash-reports/statistics').set(bearer(admin)).expect(200))
          .body.data;
      const before = await statistics();
      const report = await buildCrashReport(t, { severity: 'critical' });
      expect(await statistics()).toEqual({
        totalReports: before.totalReports + 1,
        newReports: before.newReports + 1,
        resolvedReports: before.resolvedReports,
        criticalReports: before.criticalReports + 1,
      });
      await put(report.id, { status: 'resolved' }).expect(200);
      // The same status again changes nothing.
      await put(report.id, { status: 'resolved' }).expect(200);
      expect(await statistics()).toEqual({
        totalReports: before.totalReports + 1,
        newReports: before.newReports,
        resolvedReports: before.resolvedReports + 1,
        criticalReports: before.criticalReports + 1,
      });
    });

    it('sets any status, answers the report and records the change in the audit trail', async () => {
      const { user, token } = await t.createUserWithToken({ role: 'Admin' });
      const response = await put(r.r3.id, { status: 'in-progress' }, token).expect(200);
      expect(response.body).toMatchObject({
        success: true,
        message: crashReportMessages.updated,
        data: { id: r.r3.id, status: 'in-progress' },
      });
      expect(new Date(response.body.data.updatedAt).getTime()).toBeGreaterThan(
        r.r3.updatedAt.getTime(),
      );
      // Back to new from resolved-like states is allowed too.
      await put(r.r3.id, { status: 'new' }, token).expect(200);

      const entries = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'crash_report'), eq(auditLog.entityId, r.r3.id)));
      expect(entries.map((entry) => [entry.action, entry.actorId, entry.changes])).toEqual(
        expect.arrayContaining([
          [
            'crash_report.status_updated',
            user.id,
            { status: { before: 'resolved', after: 'in-progress' } },
          ],
          [
            'crash_report.status_updated',
            user.id,
            { status: { before: 'in-progress', after: 'new' } },
          ],
        ]),
      );
    });

    it('answers a bad or missing status with 400 naming it', async () => {
      const bad = await put(r.r2.id, { status: 'fixed' }).expect(400);
      expect(bad.body).toMatchObject({
        error: 'VALIDATION_ERROR',
        errors: { status: expect.any(String) },
      });
      const missing = await put(r.r2.id, {}).expect(400);
      expect(missing.body.errors).toHaveProperty('status');
    });

    it('answers 404 for an unknown report', async () => {
      const response = await put(randomUUID(), { status: 'closed' }).expect(404);
      expect(response.body.message).toBe(crashReportMessages.notFound);
    });

    it('is refused to a reader without settings.edit (403), leaving the report as it was', async () => {
      const reader = await t.signIn('sales', { permissions: ['settings.view'] });
      await put(r.r2.id, { status: 'closed' }, reader).expect(403);
      const detail = await request(t.app)
        .get(`/api/crash-reports/${r.r2.id}`)
        .set(bearer(reader))
        .expect(200);
      expect(detail.body.data.status).toBe('investigating');
    });
  });
});
