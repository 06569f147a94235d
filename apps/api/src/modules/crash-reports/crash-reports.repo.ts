import type {
  CrashKind,
  CrashReportStatistics,
  CrashSeverity,
  CrashStatus,
} from '@patrol/contracts';
import { addDays, businessDayStartInstant } from '@patrol/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  like,
  lt,
  ne,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import {
  cappedCountLimit,
  countUpTo,
  countUpToColumn,
  withCappedCount,
  type CappedCountPage,
} from '../../db/page-count';
import { prepared } from '../../db/prepared';
import { crashReportCounts, crashReports, type CrashReportRow } from '../../db/schema';

/** Which reports a list covers, and in what order. */
export interface CrashReportFilter {
  status?: CrashStatus;
  severity?: CrashSeverity;
  platform?: string;
  companyId?: string;
  appVersion?: string;
  /** The list's tabs: crashes (automatic and manual reports) or debug reports. */
  reportType?: 'crashes' | 'debug';
  kind?: CrashKind;
  search?: string;
  /** Business days, both included. */
  dateFrom?: string;
  dateTo?: string;
  fingerprint?: string;
  sortBy: 'createdAt' | 'title' | 'severity' | 'status';
  sortOrder: 'asc' | 'desc';
}

/** A report as lists and the detail read it: every stored field but the derived sort and search keys. */
export type StoredCrashReport = Omit<CrashReportRow, 'searchText' | 'severityRank' | 'statusRank'>;

const {
  searchText: _search,
  severityRank: _severity,
  statusRank: _status,
  ...reportColumns
} = getTableColumns(crashReports);

/**
 * A list row carries the first 4,000 characters of its stack trace (what a table or preview can
 * show); the detail reads it whole. Twenty 100,000-character traces would make a 2 MB page.
 */
export const listStackTraceLength = 4000;

const listColumns = {
  ...reportColumns,
  stackTrace: sql<
    string | null
  >`left(${crashReports.stackTrace}, ${sql.raw(String(listStackTraceLength))})`,
  readableStackTrace: sql<
    string | null
  >`left(${crashReports.readableStackTrace}, ${sql.raw(String(listStackTraceLength))})`,
};

function filterCondition(filter: Omit<CrashReportFilter, 'sortBy' | 'sortOrder'>): SQL | undefined {
  return and(
    filter.status === undefined ? undefined : eq(crashReports.status, filter.status),
    filter.severity === undefined ? undefined : eq(crashReports.severity, filter.severity),
    filter.platform ? eq(crashReports.platform, filter.platform) : undefined,
    filter.companyId ? eq(crashReports.companyId, filter.companyId) : undefined,
    filter.appVersion ? eq(crashReports.appVersion, filter.appVersion) : undefined,
    filter.fingerprint ? eq(crashReports.fingerprint, filter.fingerprint) : undefined,
    filter.reportType === 'debug' ? eq(crashReports.reportType, 'debug') : undefined,
    filter.kind === undefined ? undefined : eq(crashReports.kind, filter.kind),
    // Written as a list rather than "<> 'debug'" so that the report_type index can serve it.
    filter.reportType === 'crashes'
      ? inArray(crashReports.reportType, ['automatic', 'manual'])
      : undefined,
    // Lowercase on both sides: search_text is stored lowercased, and LIKE is cheaper than ILIKE.
    filter.search
      ? like(crashReports.searchText, likePattern(filter.search.toLowerCase()))
      : undefined,
    filter.dateFrom === undefined
      ? undefined
      : gte(crashReports.createdAt, businessDayStartInstant(filter.dateFrom)),
    filter.dateTo === undefined
      ? undefined
      : lt(crashReports.createdAt, businessDayStartInstant(addDays(filter.dateTo, 1))),
  );
}

/**
 * The sort key, then the date and the id in the same direction: each sort (and each filter with
 * it) has an index ending in (created_at, id), so a page is one index range, deep pages included.
 */
function ordering(
  filter: Pick<CrashReportFilter, 'sortBy' | 'sortOrder' | 'severity' | 'status'>,
): SQL[] {
  const direction = filter.sortOrder === 'asc' ? asc : desc;
  const keys: Record<CrashReportFilter['sortBy'], SQL[]> = {
    createdAt: [],
    title: [sql`lower(${crashReports.title})`],
    // A filter on the same field makes the rank one value: left out, the page is one range of
    // the filter's (field, created_at, id) index instead of a walk of the rank's index past
    // every report of the other ranks.
    severity: filter.severity === undefined ? [sql`${crashReports.severityRank}`] : [],
    status: filter.status === undefined ? [sql`${crashReports.statusRank}`] : [],
  };
  return [...keys[filter.sortBy], sql`${crashReports.createdAt}`, sql`${crashReports.id}`].map(
    (key) => direction(key),
  );
}

/** A list row: a report with its stack traces cut, and its client's name when asked for. */
export type CrashReportListRow = StoredCrashReport & { companyName?: string | null };

/** A page of the list, how many match, and the statistics cards. */
export interface CrashReportPage extends CappedCountPage<CrashReportListRow> {
  statistics: CrashReportStatistics;
}

/**
 * A page of reports matching the filter (stack traces cut, see listStackTraceLength), how many
 * match (counted up to 1,000 past the page when filtered, as a common search term matches a large
 * share of the table; the counters' total when not) and the statistics cards, in one statement:
 * the count and the cards are subqueries PostgreSQL computes once, with the first row, and a page
 * costs one round trip instead of three. An empty page asks for them apart. `companyName`, given
 * the company id column, reads each row's client name in the same statement.
 */
export async function findCrashReportPage(
  db: DbExecutor,
  request: CrashReportFilter & { page: number; limit: number },
  options: {
    countAhead?: number;
    companyName?: (companyId: AnyColumn) => SQL<string | null>;
  } = {},
): Promise<CrashReportPage> {
  const where = filterCondition(request);
  const paging = {
    offset: (request.page - 1) * request.limit,
    limit: request.limit,
    countAhead: options.countAhead,
  };
  const order = ordering(request);
  // The page's ids first, in the order's index walk; the columns, the client names and the cut
  // stacks then for those rows only, not for the rows the offset skips.
  const pageIds = db
    .select({ id: crashReports.id })
    .from(crashReports)
    .where(where)
    .orderBy(...order)
    .limit(request.limit)
    .offset(paging.offset);
  const found = await db
    .select({
      ...listColumns,
      ...(options.companyName ? { companyName: options.companyName(crashReports.companyId) } : {}),
      statistics: statisticsJson,
      matches: where
        ? countUpToColumn(crashReports, where, cappedCountLimit(paging))
        : sql<null>`null`,
    })
    .from(crashReports)
    .where(inArray(crashReports.id, pageIds))
    .orderBy(...order);
  const rows = found.map(({ statistics: _statistics, matches: _matches, ...row }) => row);
  const statistics = found[0]?.statistics ?? (await crashReportStatistics(db));
  if (where === undefined) {
    return { rows, totalCount: statistics.totalReports, totalCountCapped: false, statistics };
  }
  const counted = found[0]?.matches;
  const page = await withCappedCount(rows, paging, (upTo) =>
    typeof counted === 'number'
      ? Promise.resolve(counted)
      : countUpTo(db, crashReports, where, upTo),
  );
  return { ...page, statistics };
}

/** Shards per status and severity pair of the report counters. */
const counterShards = 8;

/** Adds `delta` reports of a status and severity to the counters, in the caller's transaction. */
export async function countReports(
  db: DbExecutor,
  status: CrashStatus,
  severity: CrashSeverity,
  delta: number,
): Promise<void> {
  await db
    .insert(crashReportCounts)
    .values({
      status,
      severity,
      shard: sql`floor(random() * ${counterShards})::int`,
      reports: delta,
    })
    .onConflictDoUpdate({
      target: [crashReportCounts.status, crashReportCounts.severity, crashReportCounts.shard],
      set: { reports: sql`${crashReportCounts.reports} + excluded.reports` },
    });
}

/** Reports received since `since`: a range read of crash_reports_created_at_idx. */
export async function countCrashReportsSince(db: DbExecutor, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(crashReports)
    .where(gte(crashReports.createdAt, since));
  return row?.value ?? 0;
}

function summed(condition?: SQL): SQL<number> {
  return sql<number>`coalesce(sum(${crashReportCounts.reports}) ${
    condition ? sql`filter (where ${condition})` : sql``
  }, 0)`.mapWith(Number);
}

/** The four statistics cards, each a sum over the counters (at most a few hundred rows). */
const statisticsSums: Record<keyof CrashReportStatistics, SQL<number>> = {
  totalReports: summed(),
  newReports: summed(sql`${crashReportCounts.status} = 'new'`),
  resolvedReports: summed(sql`${crashReportCounts.status} = 'resolved'`),
  criticalReports: summed(sql`${crashReportCounts.severity} = 'critical'`),
};

/** The cards as one JSON value, a subquery of a list page's statement. */
const statisticsJson = sql<CrashReportStatistics>`(select json_build_object(${sql.join(
  Object.entries(statisticsSums).map(([name, sum]) => sql`${sql.raw(`'${name}'`)}, ${sum}`),
  sql`, `,
)}) from ${crashReportCounts})`;

/** The four statistics cards, added up from the counters. */
export async function crashReportStatistics(db: DbExecutor): Promise<CrashReportStatistics> {
  const [row] = await prepared(db, 'crash_report_statistics', () =>
    db.select(statisticsSums).from(crashReportCounts).prepare('crash_report_statistics'),
  ).execute();
  return {
    totalReports: row?.totalReports ?? 0,
    newReports: row?.newReports ?? 0,
    resolvedReports: row?.resolvedReports ?? 0,
    criticalReports: row?.criticalReports ?? 0,
  };
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
