import type { CrashReportRow, NewCrashReportRow } from '../../db/schema';
import { buildCrashReport, createTestContext, type TestContext } from '../../../test/builders';
import { setUpSharedFixture } from '../../../test/shared-fixture';

/** A report of the fixture: the row's own fields plus the JSON the generated columns read. */
function reportValues(
  values: Partial<NewCrashReportRow> & { platform?: string; appVersion?: string },
): Partial<NewCrashReportRow> {
  const { platform = 'android', appVersion = '1.0.0', ...row } = values;
  return { deviceInfo: { platform }, appInfo: { version: appVersion }, ...row };
}

/** The crash-report test files' context: 27 reports, five of them named, and an Admin. */
export interface CrashReportsFixture {
  t: TestContext;
  admin: string;
  r: Record<'r1' | 'r2' | 'r3' | 'r4' | 'r5', CrashReportRow>;
}

/** The file's fixture, written before its first test (setUpSharedFixture registers the hooks). */
export function setUpCrashReportsFixture(): CrashReportsFixture {
  const fillerCount = 22;

  return setUpSharedFixture(async (): Promise<CrashReportsFixture> => {
    const t = await createTestContext();
    const admin = await t.signIn('Admin');
    const r = {
      // 17:30 UTC on 1 March is 01:30 on 2 March in Kuala Lumpur: a 2 March report.
      r1: await buildCrashReport(
        t,
        reportValues({
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
        reportValues({
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
        reportValues({
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
        reportValues({
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
        reportValues({
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
        reportValues({
          title: `Filler ${i}`,
          severity: 'low',
          status: 'duplicate',
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        }),
      );
    }
    return { t, admin, r };
  });
}
