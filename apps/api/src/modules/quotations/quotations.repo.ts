import type { ListQuotationsQuery, QuotationStatus } from '@patrol/contracts';
import { and, asc, eq, inArray, like, lt, gte, or, sql, type SQL } from 'drizzle-orm';
import type { QueryCache } from '../../cache/query-cache';
import type { DbExecutor } from '../../db/client';
import { dayStart } from '../../db/column-values';
import { likePattern } from '../../db/like-pattern';
import type { CappedCountPage } from '../../db/page-count';
import { findSortedPage, pageWindow } from '../../db/sorted-page';
import {
  quotationItems,
  quotations,
  type NewQuotationItemRow,
  type NewQuotationRow,
  type QuotationItemRow,
  type QuotationRow,
} from '../../db/schema';

/** A list request with the day that decides which drafts and sent quotations read as expired. */
export type QuotationPageRequest = ListQuotationsQuery & { today: string };

/** The stored rows that read as `status` on `today` (a draft past its validity reads expired). */
function statusCondition(status: QuotationStatus, today: string): SQL | undefined {
  const lapsed = lt(quotations.validUntil, dayStart(today));
  const live = gte(quotations.validUntil, dayStart(today));
  switch (status) {
    case 'expired':
      // Written as one range of the (status, valid until) index: an OR of the two read every row.
      return and(
        inArray(quotations.status, ['expired', 'draft', 'sent']),
        or(eq(quotations.status, 'expired'), lapsed),
      );
    case 'draft':
    case 'sent':
      return and(eq(quotations.status, status), live);
    default:
      return eq(quotations.status, status);
  }
}

/**
 * A status filter alone as one condition per stored status it reads (see findSortedPage's
 * branches): each a range of that status's index in the list's order.
 */
function statusBranches(request: QuotationPageRequest): SQL[] | undefined {
  if (!request.status || request.search || request.clientId) return undefined;
  if (liveStatus(request)) return undefined;
  if (request.status !== 'expired') return [statusCondition(request.status, request.today)!];
  const lapsed = lt(quotations.validUntil, dayStart(request.today));
  return [
    eq(quotations.status, 'expired'),
    and(eq(quotations.status, 'draft'), lapsed)!,
    and(eq(quotations.status, 'sent'), lapsed)!,
  ];
}

/**
 * The drafts or sent quotations still valid, alone: a range of quotations_status_valid_until_idx,
 * which carries every sort key (sorted-page.ts's coveredRange). Walking the status's index in the
 * list's order would pass every lapsed one first (most drafts lapse; a day's renewal run drafts
 * thousands that do not).
 */
function liveStatus(request: QuotationPageRequest): boolean {
  return (
    (request.status === 'draft' || request.status === 'sent') &&
    !request.search &&
    !request.clientId
  );
}

function filterCondition(request: QuotationPageRequest): SQL | undefined {
  return and(
    request.search
      ? like(quotations.searchText, likePattern(request.search.toLowerCase()))
      : undefined,
    request.status ? statusCondition(request.status, request.today) : undefined,
    request.clientId ? eq(quotations.clientId, request.clientId) : undefined,
  );
}

const sortColumns = {
  quotationDate: quotations.quotationDate,
  quotationNumber: quotations.quotationNumber,
  validUntil: quotations.validUntil,
  totalAmount: quotations.totalAmount,
  createdAt: quotations.createdAt,
} as const;

/**
 * A page of quotations (see findSortedPage) and how many match: every quotation from the
 * caller's total when unfiltered, otherwise counted up to what the pager needs.
 */
export function findQuotationPage(
  db: DbExecutor,
  request: QuotationPageRequest,
  /** The number of every quotation, when known (an unfiltered page need not count them). */
  unfilteredTotal?: number,
  /** Held match counts (AppContext.listCounts). */
  counts?: QueryCache<number>,
): Promise<CappedCountPage<QuotationRow>> {
  return findSortedPage(db, quotations, {
    where: filterCondition(request),
    branches: statusBranches(request),
    coveredRange: liveStatus(request),
    sortBy: sortColumns[request.sortBy],
    id: quotations.id,
    sortOrder: request.sortOrder,
    ...pageWindow(request),
    unfilteredTotal,
    counts,
  });
}

/** The lines of the given quotations, in display order. */
export function findQuotationItems(
  db: DbExecutor,
  quotationIds: readonly string[],
): Promise<QuotationItemRow[]> {
  if (quotationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(quotationItems)
    .where(inArray(quotationItems.quotationId, [...quotationIds]))
    .orderBy(asc(quotationItems.quotationId), asc(quotationItems.position));
}

/** A quotation by row id, locked until the transaction ends. */
export async function findQuotationForUpdate(
  db: DbExecutor,
  id: string,
): Promise<QuotationRow | undefined> {
  const [row] = await db
    .select()
    .from(quotations)
    .where(eq(quotations.id, id))
    .limit(1)
    .for('update');
  return row;
}

/** Inserts quotations and their lines (positions from 0) in two statements, answered in order. */
export async function insertQuotationsWithItems(
  db: DbExecutor,
  drafts: readonly { row: NewQuotationRow; lines: readonly NewLineValues[] }[],
): Promise<{ row: QuotationRow; items: QuotationItemRow[] }[]> {
  if (drafts.length === 0) return [];
  const rows = await db
    .insert(quotations)
    .values(drafts.map((draft) => draft.row))
    .returning();
  // Matched by number: RETURNING promises no order.
  const byNumber = new Map(rows.map((row) => [row.quotationNumber, row]));
  const created = drafts.map((draft) => byNumber.get(draft.row.quotationNumber)!);
  const lines = created.flatMap((row, index) =>
    drafts[index]!.lines.map((line, position) => ({ ...line, quotationId: row.id, position })),
  );
  const items = lines.length === 0 ? [] : await db.insert(quotationItems).values(lines).returning();
  const itemsOf = new Map(created.map((row): [string, QuotationItemRow[]] => [row.id, []]));
  for (const item of items) itemsOf.get(item.quotationId)!.push(item);
  return created.map((row) => ({
    row,
    items: itemsOf.get(row.id)!.sort((a, b) => a.position - b.position),
  }));
}

/** A line's values as a quotation stores them, without its quotation and position. */
type NewLineValues = Omit<NewQuotationItemRow, 'quotationId' | 'position'>;

/** Replaces a quotation's lines with `items` (positions from 0). */
export async function replaceQuotationItems(
  db: DbExecutor,
  quotationId: string,
  items: readonly Omit<NewQuotationItemRow, 'quotationId' | 'position'>[],
): Promise<QuotationItemRow[]> {
  await db.delete(quotationItems).where(eq(quotationItems.quotationId, quotationId));
  if (items.length === 0) return [];
  return db
    .insert(quotationItems)
    .values(items.map((item, position) => ({ ...item, quotationId, position })))
    .returning();
}

/** Updates the given fields and stamps updatedAt. */
export async function updateQuotationRow(
  db: DbExecutor,
  id: string,
  values: Partial<Omit<NewQuotationRow, 'id' | 'quotationNumber' | 'createdAt' | 'updatedAt'>>,
): Promise<QuotationRow> {
  const [row] = await db
    .update(quotations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(quotations.id, id))
    .returning();
  return row!;
}

/** Deletes a quotation and its lines (ON DELETE CASCADE). */
export async function deleteQuotationRow(db: DbExecutor, id: string): Promise<void> {
  await db.delete(quotations).where(eq(quotations.id, id));
}

/** A quotation by row id, read without a lock. */
export async function findQuotationById(
  db: DbExecutor,
  id: string,
): Promise<QuotationRow | undefined> {
  const [row] = await db.select().from(quotations).where(eq(quotations.id, id)).limit(1);
  return row;
}
