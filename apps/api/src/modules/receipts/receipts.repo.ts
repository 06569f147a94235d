import type { ListReceiptsQuery } from '@patrol/contracts';
import { addDays } from '@patrol/domain';
import { and, asc, desc, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { dayStart } from '../../db/column-values';
import { likePattern } from '../../db/like-pattern';
import {
  receiptAllocations,
  receiptMonthTotals,
  receipts,
  type NewReceiptAllocationRow,
  type NewReceiptRow,
  type ReceiptAllocationRow,
  type ReceiptRow,
} from '../../db/schema';

/** A list request with the business day its date ranges and "this month" count from. */
export type ReceiptPageRequest = ListReceiptsQuery & { today: string; rangeStart?: string };

function filterCondition(request: ReceiptPageRequest): SQL | undefined {
  return and(
    request.search
      ? like(receipts.searchText, likePattern(request.search.toLowerCase()))
      : undefined,
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

/** The figures of the receipts tab over every receipt matching the filters. */
export interface ReceiptFigures {
  total: number;
  thisMonth: number;
  totalSen: number;
}

/**
 * A page of receipts (an index walk with a limit) and the matching receipts' figures: one
 * aggregate over the matches, or, without a filter, the per-month counters, so the unfiltered
 * tab never reads every receipt.
 */
export async function findReceiptPage(
  db: DbExecutor,
  request: ReceiptPageRequest,
): Promise<{ rows: ReceiptRow[]; figures: ReceiptFigures }> {
  const where = filterCondition(request);
  const direction = request.sortOrder === 'asc' ? asc : desc;
  const monthStart = `${request.today.slice(0, 7)}-01`;
  const [rows, figures] = await Promise.all([
    db
      .select()
      .from(receipts)
      .where(where)
      .orderBy(direction(sortColumns[request.sortBy]), direction(receipts.id))
      .limit(request.limit)
      .offset((request.page - 1) * request.limit),
    where === undefined
      ? everyReceiptFigures(db, monthStart)
      : matchingFigures(db, where, monthStart),
  ]);
  return { rows, figures };
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
export async function everyReceiptFigures(
  db: DbExecutor,
  monthStart: string,
): Promise<ReceiptFigures> {
  const [figures] = await db
    .select({
      total: sql<number>`coalesce(sum(${receiptMonthTotals.receipts}), 0)::bigint`.mapWith(Number),
      // Months after this one too, as the filtered count takes every date from the month's start.
      thisMonth:
        sql<number>`coalesce(sum(${receiptMonthTotals.receipts}) filter (where ${receiptMonthTotals.month} >= ${monthStart}), 0)::bigint`.mapWith(
          Number,
        ),
      totalSen:
        sql<number>`coalesce(sum(${receiptMonthTotals.totalAmount}) * 100, 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(receiptMonthTotals);
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
