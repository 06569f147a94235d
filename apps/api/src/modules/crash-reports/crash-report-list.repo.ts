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
  desc,
  eq,
  gte,
  inArray,
  like,
  lt,
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
import { crashReports } from '../../db/schema';
import { crashReportStatistics, statisticsJson } from './crash-report-counts.repo';
import { reportColumns, type StoredCrashReport } from './crash-reports.repo';

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

type CrashReportPageRequest = CrashReportFilter & { page: number; limit: number };

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

type CompanyName = (companyId: AnyColumn) => SQL<string | null>;

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
  request: CrashReportPageRequest,
  options: { countAhead?: number; companyName?: CompanyName } = {},
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
