import { asc, desc, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { QueryCache } from '../cache/query-cache';
import type { DbExecutor } from './client';
import { countUpTo, listCountAhead, type CappedCountPage } from './page-count';

/**
 * A filter matching at most this many rows is read filter-first: its matches are found through
 * the filter's own index and sorted (a few milliseconds for this many), instead of walking the
 * sort key's index until a page of matches turns up. That walk assumes the matches are spread
 * evenly along the sort key, and billing filters are not: this month's invoices, or the unpaid
 * ones not yet due, all sit at one end of "created" or "invoice number", so an ascending page
 * read tens of thousands of rows to find ten.
 */
export const filterFirstLimit = 5_000;

/** What a list asks of its table: filter, sort key (ties broken by id) and the page. */
export interface SortedPageRequest {
  where: SQL | undefined;
  sortBy: PgColumn;
  id: PgColumn;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
  /** The number of every row, when known (an unfiltered page need not count them). */
  unfilteredTotal?: number;
  /** How many matches past the page's start are counted (default listCountAhead). */
  countAhead?: number;
  /**
   * A text search: its matches are found through a trigram index and each checked again, so
   * counting up to `filterFirstLimit` of a common term costs more than its page. Its count stops
   * at what the pager needs, and only a search that few rows match is read filter-first.
   */
  search?: boolean;
  /**
   * Disjoint conditions whose union is `where`, each read in the sort key's order from an index
   * of its own: an equality on the leading column of an index that continues with the sort key
   * and the id (a status), or the predicate of a partial index on the sort key and the id (the
   * owing invoices), with a further check on the rows it reaches. A filter too wide to read
   * filter-first then reads the first rows up to the page's end from each branch's index and
   * merges them, instead of walking the sort key's index.
   */
  branches?: readonly SQL[];
  /**
   * Held counts by table, filter and cap (AppContext.listCounts): the pages and sorts of one
   * filter share one count while nothing changes.
   */
  counts?: QueryCache<number>;
  /**
   * The filter is a range of an index that carries the id and every sort key (INCLUDE): reading
   * its matches filter-first is index-only, so it is read that way however many match, instead
   * of walking the sort key's order where the range's rows may sit at the far end.
   */
  coveredRange?: boolean;
}

/** Where a list query's page starts and ends, and whether it searches text. */
export function pageWindow(query: {
  page: number;
  limit: number;
  search?: string;
}): Pick<SortedPageRequest, 'offset' | 'limit' | 'search'> {
  return {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
    search: Boolean(query.search),
  };
}

/**
 * A page of `table`'s rows matching `where`, in order, and how many match, counted up to
 * `countAhead` past the page's start (the pager needs the pages ahead, not the exact total).
 * A filtered page counts first: the count, which stops at `filterFirstLimit`, both answers the
 * pager and tells whether the filter is narrow enough to read filter-first.
 */
export async function findSortedPage<Table extends PgTable>(
  db: DbExecutor,
  table: Table,
  request: SortedPageRequest,
): Promise<CappedCountPage<Table['$inferSelect']>> {
  const { where, offset, limit } = request;
  if (where === undefined && request.unfilteredTotal !== undefined) {
    const rows = await pageInKeyOrder(db, table, request);
    return { rows, totalCount: request.unfilteredTotal, totalCountCapped: false };
  }
  const cap = offset + Math.max(request.countAhead ?? listCountAhead, limit);
  const narrowAt = request.search ? Math.min(cap, filterFirstLimit) : filterFirstLimit;
  const counted = await countMatches(db, table, request, Math.max(cap, narrowAt) + 1);
  const rows = await findPageRows(db, table, request, counted, narrowAt);
  return counted > cap
    ? { rows, totalCount: cap, totalCountCapped: true }
    : { rows, totalCount: counted, totalCountCapped: false };
}

const dialect = new PgDialect();

/** A filter as its SQL text and parameters: the key of what is held for it (its count). */
export function filterKey(where: SQL | undefined): string {
  if (!where) return '';
  const { sql: text, params } = dialect.sqlToQuery(where);
  return `${text}|${JSON.stringify(params)}`;
}

/** How many of the first `upTo` rows match the request's filter, held in `counts` when given. */
function countMatches(
  db: DbExecutor,
  table: PgTable,
  { where, counts }: SortedPageRequest,
  upTo: number,
): Promise<number> {
  const load = () => countUpTo(db, table, where, upTo);
  if (!counts) return load();
  return counts.get(`${getTableName(table)}|${upTo}|${filterKey(where)}`, load);
}

/**
 * The page's rows, given how many match (or at least how many, when counting stopped above
 * `narrowAt`): filter-first when that is at most `narrowAt`, else in the sort key's order.
 */
export function findPageRows<Table extends PgTable>(
  db: DbExecutor,
  table: Table,
  request: SortedPageRequest,
  matching: number,
  narrowAt = filterFirstLimit,
): Promise<Table['$inferSelect'][]> {
  if (request.where === undefined) return pageInKeyOrder(db, table, request);
  if (matching <= narrowAt || request.coveredRange) {
    return pageFilterFirst(db, table, request.where, request);
  }
  if (request.branches?.length) return pageFromBranches(db, table, request.branches, request);
  return pageInKeyOrder(db, table, request);
}

function ordering(request: SortedPageRequest, sortBy = request.sortBy, id = request.id) {
  const direction = request.sortOrder === 'asc' ? asc : desc;
  return [direction(sortBy), direction(id)];
}

/**
 * A dense filter's page is looked for among this many rows of the sort key's order per row up to
 * the page's end (at least `minimumWalk`): a filter matching one row in twenty finds its page
 * there when its matches are spread along the key, and when they are not (the expired quotations
 * among the largest totals) the page is read filter-first instead of walking on. The walk stops
 * as soon as the page is found, so the bound costs only a page that is not there: a run of
 * non-matching rows at the start of the key (a day's renewal drafts ahead of the converted
 * quotations) is walked past instead of sorting tens of thousands of matches.
 */
const walkPerRow = 20;
const minimumWalk = 20_000;

/** One walk of the (sort key, id) index, the filter applied on the way, bounded when filtered. */
async function pageInKeyOrder<Table extends PgTable>(
  db: DbExecutor,
  table: Table,
  request: SortedPageRequest,
): Promise<Table['$inferSelect'][]> {
  const { where } = request;
  if (where === undefined) {
    return (await db
      .select()
      .from(table as PgTable)
      .orderBy(...ordering(request))
      .limit(request.limit)
      .offset(request.offset)) as Table['$inferSelect'][];
  }
  const walk = Math.max(minimumWalk, walkPerRow * (request.offset + request.limit));
  // Named as the table, so the filter and the order read the walked rows' columns.
  const walked = db
    .select()
    .from(table as PgTable)
    .orderBy(...ordering(request))
    .limit(walk)
    .as(getTableName(table));
  const rows = (await db
    .select()
    .from(walked)
    .where(where)
    .orderBy(...ordering(request))
    .limit(request.limit)
    .offset(request.offset)) as Table['$inferSelect'][];
  return rows.length === request.limit ? rows : pageFilterFirst(db, table, where, request);
}

/**
 * The matches' ids and sort keys first, the page of them sorted, then those rows whole. The
 * subquery's OFFSET 0 keeps PostgreSQL from folding it back into a walk of the sort key's index;
 * it is written as SQL because Drizzle leaves out an offset of the number 0.
 */
function pageFilterFirst<Table extends PgTable>(
  db: DbExecutor,
  table: Table,
  where: SQL,
  request: SortedPageRequest,
): Promise<Table['$inferSelect'][]> {
  const matches = candidates(db, table, request, where)
    .offset(sql`0` as unknown as number)
    .as('matches');
  return pageOfCandidates(db, table, matches, request);
}

/**
 * The page merged from each branch's first rows in order (up to the page's end): each is a range
 * of its own index, so the merge reads at most a page's end of rows per branch.
 */
function pageFromBranches<Table extends PgTable>(
  db: DbExecutor,
  table: Table,
  branches: readonly SQL[],
  request: SortedPageRequest,
): Promise<Table['$inferSelect'][]> {
  const [first, ...rest] = branches.map((branch) =>
    candidates(db, table, request, branch)
      .orderBy(...ordering(request))
      .limit(request.offset + request.limit),
  );
  const merged = rest.length > 0 ? unionAll(first!, ...(rest as [typeof first])) : first!;
  return pageOfCandidates(db, table, merged.as('merged'), request);
}

/** The ids and sort keys of the rows matching `where`: what a page is chosen from. */
function candidates(db: DbExecutor, table: PgTable, request: SortedPageRequest, where: SQL) {
  return db.select({ id: request.id, key: request.sortBy }).from(table).where(where);
}

type Candidates = ReturnType<ReturnType<typeof candidates>['as']>;

/** The page of `found` in order, then those rows whole. */
function pageOfCandidates<Table extends PgTable>(
  db: DbExecutor,
  table: Table,
  found: Candidates,
  request: SortedPageRequest,
): Promise<Table['$inferSelect'][]> {
  const pageIds = db
    .select({ id: found.id })
    .from(found)
    .orderBy(...ordering(request, found.key, found.id))
    .limit(request.limit)
    .offset(request.offset);
  return db
    .select()
    .from(table as PgTable)
    .where(inArray(request.id, pageIds))
    .orderBy(...ordering(request)) as Promise<Table['$inferSelect'][]>;
}
