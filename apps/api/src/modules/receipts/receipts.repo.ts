import type { ListReceiptsQuery } from '@patrol/contracts';
import { addDays } from '@patrol/domain';
import { and, asc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { QueryCache } from '../../cache/query-cache';
import type { DbExecutor } from '../../db/client';
import { dayStart } from '../../db/column-values';
import { filterKey, findPageRows } from '../../db/sorted-page';
import type { ReceiptFigures } from '../../http/app-context';
import {
  receiptAllocations,
  receiptDayTotals,
  receiptMonthTotals,
  receipts,
  type NewReceiptAllocationRow,
  type NewReceiptRow,
  type ReceiptAllocationRow,
  type ReceiptRow,
} from '../../db/schema';
import { searchedFigures, searchMatch } from './receipt-search.repo';

/** A list request with the business day its date ranges and "this month" count from. */
export type ReceiptPageRequest = ListReceiptsQuery & { today: string; rangeStart?: string };

function filterCondition(request: ReceiptPageRequest): SQL | undefined {
  return and(
    request.search ? searchMatch(request.search) : undefined,
    request.paymentMethod ? eq(receipts.paymentMethod, request.paymentMethod) : undefined,
    request.transactionType ? eq(receipts.transactionType, request.transactionType) : undefined,
    request.rangeStart
      ? and(
          gte(receipts.paymentDate, dayStart(request.rangeStart)),
          lt(receipts.paymentDate, dayStart(addDays(request.today, 1))),
        )
      : undefined,
    request.clientId ? eq(receipts.clientId, request.clientId) : undefined,
  );
}

const sortColumns = {
  paymentDate: receipts.paymentDate,
  receiptNumber: receipts.receiptNumber,
  totalAmount: receipts.totalAmount,
  createdAt: receipts.createdAt,
} as const;

/**
 * A page of receipts and the matching receipts' figures: without a filter, from the per-month
 * counters; filtered by method or date range only, from the per-day counters; otherwise one
 * aggregate over the matches. The figures' count then picks how the page is read (findPageRows),
 * so the unfiltered and the common filtered tabs never read every receipt.
 */
export async function findReceiptPage(
  db: DbExecutor,
  request: ReceiptPageRequest,
  /** Held figures by filter (AppContext.receiptFigures): every page and sort share them. */
  held?: QueryCache<ReceiptFigures>,
): Promise<{ rows: ReceiptRow[]; figures: ReceiptFigures }> {
  const where = filterCondition(request);
  const monthStart = `${request.today.slice(0, 7)}-01`;
  const read = () =>
    where === undefined
      ? everyReceiptFigures(db, monthStart)
      : countedPerDay(request)
        ? dayCounterFigures(db, request, monthStart)
        : searchedOnly(request)
          ? searchedFigures(db, request.search, monthStart)
          : matchingFigures(db, where, monthStart);
  const figures = held
    ? await held.get(`${request.today}|${filterKey(where)}`, read)
    : await read();
  const rows = await findPageRows(
    db,
    receipts,
    {
      where,
      sortBy: sortColumns[request.sortBy],
      id: receipts.id,
      sortOrder: request.sortOrder,
      offset: (request.page - 1) * request.limit,
      limit: request.limit,
      // A date range, with or without a method, is a range of receipts_payment_date_idx, which
      // carries every sort key and the method.
      coveredRange: Boolean(request.rangeStart) && countedPerDay(request),
      branches: methodByAmount(request),
    },
    figures.total,
  );
  return { rows, figures };
}

/** A method alone sorted by amount is one range of receipts_payment_method_idx, in order. */
function methodByAmount(request: ReceiptPageRequest): SQL[] | undefined {
  const { paymentMethod } = request;
  if (!paymentMethod || request.sortBy !== 'totalAmount') return undefined;
  return countedPerDay(request) && !request.rangeStart
    ? [eq(receipts.paymentMethod, paymentMethod)]
    : undefined;
}

/** Filters the per-day counters answer: payment method and date range, nothing else. */
function countedPerDay(request: ReceiptPageRequest): boolean {
  return !request.search && !request.transactionType && !request.clientId;
}

/** A search and no other filter: its figures come mostly from the name roll-ups. */
function searchedOnly(
  request: ReceiptPageRequest,
): request is ReceiptPageRequest & { search: string } {
  return (
    Boolean(request.search) &&
    !request.paymentMethod &&
    !request.rangeStart &&
    !request.transactionType &&
    !request.clientId
  );
}

function dayCounterFigures(
  db: DbExecutor,
  request: ReceiptPageRequest,
  monthStart: string,
): Promise<ReceiptFigures> {
  return counterFigures(
    db,
    { table: receiptDayTotals, period: receiptDayTotals.day },
    monthStart,
    and(
      request.paymentMethod ? eq(receiptDayTotals.paymentMethod, request.paymentMethod) : undefined,
      request.rangeStart
        ? and(
            gte(receiptDayTotals.day, request.rangeStart),
            lte(receiptDayTotals.day, request.today),
          )
        : undefined,
    ),
  );
}

async function matchingFigures(
  db: DbExecutor,
  where: SQL,
  monthStart: string,
): Promise<ReceiptFigures> {
  const [figures] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      thisMonth:
        sql<number>`count(*) filter (where ${receipts.paymentDate} >= ${dayStart(monthStart)})`.mapWith(
          Number,
        ),
      // Sen as a bigint-safe integer: numeric(14,2) sums exactly in PostgreSQL.
      totalSen: sql<number>`coalesce(sum(${receipts.totalAmount}) * 100, 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(receipts)
    .where(where);
  return figures ?? { total: 0, thisMonth: 0, totalSen: 0 };
}

/** The figures of every receipt, added up from the per-month counters (a row per month). */
export function everyReceiptFigures(db: DbExecutor, monthStart: string): Promise<ReceiptFigures> {
  return counterFigures(
    db,
    { table: receiptMonthTotals, period: receiptMonthTotals.month },
    monthStart,
  );
}

/**
 * The figures added up from a counter table (receipts and their total a period): this month's
 * counts every period from the month's start, later ones too, as the filtered count does.
 */
async function counterFigures(
  db: DbExecutor,
  counter:
    | { table: typeof receiptDayTotals; period: typeof receiptDayTotals.day }
    | { table: typeof receiptMonthTotals; period: typeof receiptMonthTotals.month },
  monthStart: string,
  where?: SQL,
): Promise<ReceiptFigures> {
  const { table, period } = counter;
  const [figures] = await db
    .select({
      total: sql<number>`coalesce(sum(${table.receipts}), 0)::bigint`.mapWith(Number),
      thisMonth:
        sql<number>`coalesce(sum(${table.receipts}) filter (where ${period} >= ${monthStart}), 0)::bigint`.mapWith(
          Number,
        ),
      totalSen: sql<number>`coalesce(sum(${table.totalAmount}) * 100, 0)::bigint`.mapWith(Number),
    })
    .from(table)
    .where(where);
  return figures ?? { total: 0, thisMonth: 0, totalSen: 0 };
}

/** The allocations of the given receipts. */
export function findReceiptAllocations(
  db: DbExecutor,
  receiptIds: readonly string[],
): Promise<ReceiptAllocationRow[]> {
  if (receiptIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(receiptAllocations)
    .where(inArray(receiptAllocations.receiptId, [...receiptIds]))
    .orderBy(asc(receiptAllocations.invoiceNumber));
}

export async function insertReceipt(db: DbExecutor, values: NewReceiptRow): Promise<ReceiptRow> {
  const [row] = await db.insert(receipts).values(values).returning();
  return row!;
}

export function insertReceiptAllocations(
  db: DbExecutor,
  values: readonly NewReceiptAllocationRow[],
): Promise<ReceiptAllocationRow[]> {
  return db
    .insert(receiptAllocations)
    .values([...values])
    .returning();
}

/** A receipt by row id. */
export async function findReceiptById(db: DbExecutor, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id)).limit(1);
  return row;
}
