import { randomUUID } from 'node:crypto';
import { crashReportMessages } from '@patrol/contracts';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { bearer, buildCrashReport } from '../../../test/builders';
import { setUpCrashReportsFixture } from './crash-reports-test-fixture';

describe('crash report viewer API: one report', () => {
  const fixture = setUpCrashReportsFixture();

  describe('GET /api/crash-reports/{id}', () => {
    it('answers the whole report', async () => {
      const response = await request(fixture.t.app)
        .get(`/api/crash-reports/${fixture.r.r4.id}`)
        .set(bearer(fixture.admin))
        .expect(200);
      expect(response.body).toEqual({
        success: true,
        data: expect.objectContaining({
          id: fixture.r.r4.id,
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
      const missing = await request(fixture.t.app)
        .get(`/api/crash-reports/${randomUUID()}`)
        .set(bearer(fixture.admin))
        .expect(404);
      expect(missing.body).toEqual({
        success: false,
        error: 'NOT_FOUND',
        message: crashReportMessages.notFound,
      });
      const malformed = await request(fixture.t.app)
        .get('/api/crash-reports/not-an-id')
        .set(bearer(fixture.admin))
        .expect(400);
      expect(malformed.body.errors).toHaveProperty('id');
    });

    it('is refused without crashes.view (403)', async () => {
      await request(fixture.t.app)
        .get(`/api/crash-reports/${fixture.r.r4.id}`)
        .set(bearer(await fixture.t.signIn('sales')))
        .expect(403);
    });
  });

  // Last: these change statuses. The list's statistics cards, which count them, are tested in
  // crash-reports.test.ts on a database of their own.
  describe('PUT /api/crash-reports/{id}', () => {
    const put = (id: string, body: object, token = fixture.admin) =>
      request(fixture.t.app).put(`/api/crash-reports/${id}`).set(bearer(token)).send(body);

    it('moves a report between the statistics cards as its status changes', async () => {
      const statistics = async () =>
        (
          await request(fixture.t.app)
            .get('/api/crash-reports/statistics')
            .set(bearer(fixture.admin))
            .expect(200)
        ).body.data;
      const before = await statistics();
      const report = await buildCrashReport(fixture.t, { severity: 'critical' });
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
      const { user, token } = await fixture.t.createUserWithToken({ role: 'Admin' });
      const response = await put(fixture.r.r3.id, { status: 'in-progress' }, token).expect(200);
      expect(response.body).toMatchObject({
        success: true,
        message: crashReportMessages.updated,
        data: { id: fixture.r.r3.id, status: 'in-progress' },
      });
      expect(new Date(response.body.data.updatedAt).getTime()).toBeGreaterThan(
        fixture.r.r3.updatedAt.getTime(),
      );
      // Back to new from resolved-like states is allowed too.
      await put(fixture.r.r3.id, { status: 'new' }, token).expect(200);

      const entries = await fixture.t.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entityType, 'crash_report'), eq(auditLog.entityId, fixture.r.r3.id)),
        );
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
      const bad = await put(fixture.r.r2.id, { status: 'fixed' }).expect(400);
      expect(bad.body).toMatchObject({
        error: 'VALIDATION_ERROR',
        errors: { status: expect.any(String) },
      });
      const missing = await put(fixture.r.r2.id, {}).expect(400);
      expect(missing.body.errors).toHaveProperty('status');
    });

    it('answers 404 for an unknown report', async () => {
      const response = await put(randomUUID(), { status: 'closed' }).expect(404);
      expect(response.body.message).toBe(crashReportMessages.notFound);
    });

    it('is refused to a reader without crashes.manage (403), leaving the report as it was', async () => {
      const reader = await fixture.t.signIn('sales', { permissions: ['crashes.view'] });
      await put(fixture.r.r2.id, { status: 'closed' }, reader).expect(403);
      const detail = await request(fixture.t.app)
        .get(`/api/crash-reports/${fixture.r.r2.id}`)
        .set(bearer(reader))
        .expect(200);
      expect(detail.body.data.status).toBe('investigating');
    });
  });
});
