import type { CrashStatus } from '@patrol/contracts';
import { and, asc, count, eq, getTableColumns, gt, gte, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { crashReports, type CrashReportRow } from '../../db/schema';

/** A report as lists and the detail read it: every stored field but the derived sort and search keys. */
export type StoredCrashReport = Omit<CrashReportRow, 'searchText' | 'severityRank' | 'statusRank'>;

const {
  searchText: _search,
  severityRank: _severity,
  statusRank: _status,
  ...reportColumns
} = getTableColumns(crashReports);

/** The columns of a stored report (StoredCrashReport). */
export { reportColumns };

/** Reports received since `since`: a range read of crash_reports_created_at_idx. */
export async function countCrashReportsSince(db: DbExecutor, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(crashReports)
    .where(gte(crashReports.createdAt, since));
  return row?.value ?? 0;
}

/** Columns the filter options list the values of; each leads an index. */
type DistinctColumn = 'status' | 'severity' | 'platform' | 'app_version';

/**
 * The distinct non-null values of a column, ascending, read as a loose index scan (one index probe
 * per value found, a handful in all) rather than by reading every report.
 */
export async function distinctReportValues(
  db: DbExecutor,
  column: DistinctColumn,
): Promise<string[]> {
  const name = sql.identifier(column);
  const result = await db.execute<{ value: string }>(sql`
    with recursive found(value) as (
      (select ${name} from ${crashReports} where ${name} is not null order by ${name} limit 1)
      union all
      select (
        select ${name} from ${crashReports} where ${name} > found.value order by ${name} limit 1
      )
      from found
      where found.value is not null
    )
    select value from found where value is not null`);
  return result.rows.map((row) => row.value);
}

/** A report by id, whole. */
export async function findCrashReportById(
  db: DbExecutor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<StoredCrashReport | undefined> {
  const query = db.select(reportColumns).from(crashReports).where(eq(crashReports.id, id)).limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** Sets a report's status and stamps updatedAt. */
export async function updateCrashReportStatus(
  db: DbExecutor,
  id: string,
  status: CrashStatus,
): Promise<StoredCrashReport> {
  const [row] = await db
    .update(crashReports)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(crashReports.id, id))
    .returning(reportColumns);
  return row!;
}

/**
 * The devices that sent a crash (not a debug report) from app version `appVersion` since `since`,
 * by the index on version and time: as many as crashed, whatever the fleet.
 */
export async function findCrashedDeviceIds(
  db: DbExecutor,
  appVersion: string,
  since: Date,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ deviceId: crashReports.deviceId })
    .from(crashReports)
    .where(
      and(
        eq(crashReports.appVersion, appVersion),
        gt(crashReports.createdAt, since),
        ne(crashReports.reportType, 'debug'),
        isNotNull(crashReports.deviceId),
      ),
    );
  return rows.flatMap((row) => (row.deviceId ? [row.deviceId] : []));
}

/** What the retrace job reads of a report; `position` is its created_at to the microsecond. */
export type ReportToRetrace = { position: string } & Pick<
  CrashReportRow,
  | 'id'
  | 'createdAt'
  | 'title'
  | 'errorMessage'
  | 'stackTrace'
  | 'readableStackTrace'
  | 'reportType'
  | 'kind'
  | 'severity'
  | 'fingerprint'
  | 'signatureFingerprint'
  | 'splitFingerprint'
  | 'deviceId'
>;

/**
 * The next `limit` reports of an app version after the cursor (created_at, id), oldest first: one
 * range of crash_reports_app_version_idx, so each batch reads only its own rows.
 */
export function findReportsToRetrace(
  db: DbExecutor,
  appVersion: string,
  after: { position: string; id: string } | null,
  limit: number,
): Promise<ReportToRetrace[]> {
  return db
    .select({
      // As text: a Date keeps milliseconds, and reports written in one transaction share a time.
      position: sql<string>`${crashReports.createdAt}::text`,
      id: crashReports.id,
      createdAt: crashReports.createdAt,
      title: crashReports.title,
      errorMessage: crashReports.errorMessage,
      stackTrace: crashReports.stackTrace,
      readableStackTrace: crashReports.readableStackTrace,
      reportType: crashReports.reportType,
      kind: crashReports.kind,
      severity: crashReports.severity,
      fingerprint: crashReports.fingerprint,
      signatureFingerprint: crashReports.signatureFingerprint,
      splitFingerprint: crashReports.splitFingerprint,
      deviceId: crashReports.deviceId,
    })
    .from(crashReports)
    .where(
      and(
        eq(crashReports.appVersion, appVersion),
        after
          ? sql`(${crashReports.createdAt}, ${crashReports.id}) > (${after.position}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(crashReports.createdAt), asc(crashReports.id))
    .limit(limit);
}

/** Stores a report's readable stack and the fingerprint made from it. */
export async function updateReportTrace(
  db: DbExecutor,
  id: string,
  values: { readableStackTrace: string; fingerprint: string; signatureFingerprint: string },
): Promise<void> {
  await db.update(crashReports).set(values).where(eq(crashReports.id, id));
}
