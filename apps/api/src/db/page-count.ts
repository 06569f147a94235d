import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from './client';

/**
 * A page of rows and how many match in all. A short page says the total itself (a rare search
 * term needs no second scan); otherwise `count` is asked, after the page, so the two never
 * compete for the same rows. A window count over the page query would fetch and sort every match
 * to number a page of ten.
 */
export async function withTotalCount<Row>(
  rows: Row[],
  page: { offset: number; limit: number },
  count: () => Promise<number>,
): Promise<{ rows: Row[]; totalCount: number }> {
  const short = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
  return { rows, totalCount: short ? page.offset + rows.length : await count() };
}

/**
 * How many matches past the start of the page a filtered billing list counts. The pager needs
 * the pages ahead, not the exact total: counting every match of a common search term read the
 * whole table on each request (issue 16). Beyond this the total reads "more than".
 */
export const listCountAhead = 1000;

/** A page of rows and how many match, counted up to a cap. */
export interface CappedCountPage<Row> {
  rows: Row[];
  /** Every match, or the cap when `totalCountCapped`. */
  totalCount: number;
  /** More rows match than `totalCount`. */
  totalCountCapped: boolean;
}

/** Where a page starts, its size, and how many matches past its start are counted. */
export interface CappedPage {
  offset: number;
  limit: number;
  countAhead?: number;
}

/**
 * How many matches `withCappedCount` asks `countUpTo` for: one past the cap, which says whether
 * more match. A statement that counts along with its page counts up to this.
 */
export function cappedCountLimit(page: CappedPage): number {
  return page.offset + Math.max(page.countAhead ?? listCountAhead, page.limit) + 1;
}

/**
 * A page and its count up to `offset + countAhead` matches: `countUpTo(n)` answers how many of
 * the first `n` matches exist, so a count asked for one more than the cap tells whether more
 * match. A short page says its total itself, as in `withTotalCount`.
 */
export async function withCappedCount<Row>(
  rows: Row[],
  page: CappedPage,
  countUpTo: (upTo: number) => Promise<number>,
): Promise<CappedCountPage<Row>> {
  const short = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
  if (short) return { rows, totalCount: page.offset + rows.length, totalCountCapped: false };
  const upTo = cappedCountLimit(page);
  const counted = await countUpTo(upTo);
  return counted >= upTo
    ? { rows, totalCount: upTo - 1, totalCountCapped: true }
    : { rows, totalCount: counted, totalCountCapped: false };
}

/**
 * `countUpTo` as a scalar subquery, for a page's statement to count along (PostgreSQL computes it
 * once, with the first row). `where` names columns of `table` only, bare or by the table's name:
 * inside the subquery either names the subquery's own rows (the nearest FROM of that name).
 */
export function countUpToColumn(table: PgTable, where: SQL, upTo: number): SQL<number> {
  return sql<number>`(select count(*) from (select 1 from ${table} where ${where} limit ${upTo}) as matches)`.mapWith(
    Number,
  );
}

/**
 * How many rows of `table` match `where`, reading at most `upTo` of them: the scan stops at the
 * limit, so a common search term costs the rows the pager needs, not the table.
 */
export async function countUpTo(
  db: DbExecutor,
  table: PgTable,
  where: SQL | undefined,
  upTo: number,
): Promise<number> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(upTo)
    .as('matches');
  const [row] = await db.select({ value: count() }).from(matches);
  return row?.value ?? 0;
}
