import type { DueStatus, ListInvoicesQuery, PaymentStatus } from '@patrol/contracts';
import { addDays, awaitingPaymentStatuses, billingRangeStart } from '@patrol/domain';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  like,
  lt,
  lte,
  max,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { QueryCache } from '../../cache/query-cache';
import type { DbExecutor } from '../../db/client';
import { dayStart } from '../../db/column-values';
import { jsonRowsOf, rowsFromJson, type JsonRows } from '../../db/json-rows';
import { likePattern } from '../../db/like-pattern';
import type { CappedCountPage } from '../../db/page-count';
import { findSortedPage, pageWindow, type SortedPageRequest } from '../../db/sorted-page';
import {
  invoiceLineItems,
  invoices,
  paymentEntries,
  paymentRejections,
  type InvoiceLineItemRow,
  type InvoiceRow,
  type NewInvoiceLineItemRow,
  type NewInvoiceRow,
  type NewPaymentEntryRow,
  type PaymentEntryRow,
  type PaymentRejectionRow,
} from '../../db/schema';

/** A list request with the business day that decides overdue, due soon and the date ranges. */
export type InvoicePageRequest = ListInvoicesQuery & { today: string };

function awaitingPayment(): SQL {
  return and(
    inArray(invoices.paymentStatus, [...awaitingPaymentStatuses]),
    eq(invoices.isVoided, false),
  )!;
}

/** The rows that read as `status` on `today` (an unpaid invoice past its due date is overdue). */
function paymentStatusCondition(status: PaymentStatus, today: string): SQL | undefined {
  const pastDue = lt(invoices.dueDate, dayStart(today));
  switch (status) {
    case 'overdue':
      return or(eq(invoices.paymentStatus, 'overdue'), and(awaitingPayment(), pastDue));
    case 'unpaid':
    case 'pending':
    case 'partial':
      return and(eq(invoices.paymentStatus, status), not(pastDue));
    default:
      return eq(invoices.paymentStatus, status);
  }
}

function dueStatusCondition(status: DueStatus, today: string): SQL | undefined {
  const start = dayStart(today);
  switch (status) {
    case 'due_today':
      return and(awaitingPayment(), eq(invoices.dueDate, start));
    case 'overdue':
      return and(awaitingPayment(), lt(invoices.dueDate, start));
    case 'due_soon':
      return and(
        awaitingPayment(),
        gte(invoices.dueDate, start),
        lte(invoices.dueDate, dayStart(addDays(today, 7))),
      );
  }
}

function filterCondition(request: InvoicePageRequest): SQL | undefined {
  const { today } = request;
  return and(
    request.search
      ? like(invoices.searchText, likePattern(request.search.toLowerCase()))
      : undefined,
    request.paymentStatus ? paymentStatusCondition(request.paymentStatus, today) : undefined,
    request.paymentValidationStatus
      ? eq(invoices.paymentValidationStatus, request.paymentValidationStatus)
      : undefined,
    request.dueStatus ? dueStatusCondition(request.dueStatus, today) : undefined,
    request.dateRange
      ? and(
          gte(invoices.issueDate, dayStart(billingRangeStart(request.dateRange, today))),
          lt(invoices.issueDate, dayStart(addDays(today, 1))),
        )
      : undefined,
    request.clientId ? eq(invoices.clientId, request.clientId) : undefined,
  );
}

/** The payment statuses whose standing invoices the owing indexes hold. */
const owingStatuses: readonly PaymentStatus[] = [...awaitingPaymentStatuses, 'overdue'];

/**
 * A due filter, or a status filter of invoices still owed, as branches (see findSortedPage's
 * branches): the standing invoices are a range of the owing invoices' index in the list's order
 * (invoices_owing_created_at_idx and its siblings by issue date, number and total, whose entries
 * carry the due date, or invoices_awaiting_due_date_idx), and a status filter's voided invoices
 * (few) are read from invoices_voided_idx. The page is read from those instead of walking every
 * invoice in that order (recent invoices, not yet due, hold few overdue ones) and then sorting
 * every match.
 */
function owingBranches(request: InvoicePageRequest): SQL[] | undefined {
  if (request.search) return undefined;
  const where = filterCondition(request)!;
  if (request.dueStatus) return [where];
  if (!request.paymentStatus || !owingStatuses.includes(request.paymentStatus)) return undefined;
  return [and(where, eq(invoices.isVoided, false))!, and(where, eq(invoices.isVoided, true))!];
}

const sortColumns = {
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  invoiceNumber: invoices.invoiceNumber,
  totalAmount: invoices.totalAmount,
  createdAt: invoices.createdAt,
} as const;

/**
 * A page of invoices (see findSortedPage) and how many match: every invoice from the
 * caller's total when unfiltered, otherwise counted up to what the pager needs.
 */
export function findInvoicePage(
  db: DbExecutor,
  request: InvoicePageRequest,
  /** The number of every invoice, when known (an unfiltered page need not count them). */
  unfilteredTotal?: number,
  /** Held match counts (AppContext.listCounts). */
  counts?: QueryCache<number>,
): Promise<CappedCountPage<InvoiceRow>> {
  return findSortedPage(db, invoices, { ...invoicePageQuery(request), unfilteredTotal, counts });
}

/** How findSortedPage reads a list request's page: filter, branches, order and window. */
export function invoicePageQuery(request: InvoicePageRequest): SortedPageRequest {
  return {
    where: filterCondition(request),
    branches: owingBranches(request),
    // A date range alone is a range of invoices_issue_date_idx, which carries every sort key.
    coveredRange:
      Boolean(request.dateRange) &&
      !request.search &&
      !request.paymentStatus &&
      !request.paymentValidationStatus &&
      !request.dueStatus &&
      !request.clientId,
    sortBy: sortColumns[request.sortBy],
    id: invoices.id,
    sortOrder: request.sortOrder,
    ...pageWindow(request),
  };
}

/** What an invoice is shown with: its lines, payments and rejections. */
export interface InvoiceParts {
  lineItems: InvoiceLineItemRow[];
  entries: PaymentEntryRow[];
  rejections: PaymentRejectionRow[];
}

/**
 * The lines, payments and rejections of the given invoices, each in its order, in one statement:
 * a list page's round trips to the database cost the API more than reading these few rows.
 */
export async function findInvoiceParts(
  db: DbExecutor,
  invoiceIds: readonly string[],
): Promise<InvoiceParts> {
  if (invoiceIds.length === 0) return { lineItems: [], entries: [], rejections: [] };
  const ids = [...invoiceIds];
  const result = await db.execute<Record<'line_items' | 'entries' | 'rejections', JsonRows>>(sql`
    select ${jsonRowsOf(invoiceLineItems, inArray(invoiceLineItems.invoiceId, ids), [
      asc(invoiceLineItems.invoiceId),
      asc(invoiceLineItems.position),
    ])} as line_items,
    ${jsonRowsOf(paymentEntries, inArray(paymentEntries.invoiceId, ids), [
      asc(paymentEntries.createdAt),
      asc(paymentEntries.id),
    ])} as entries,
    ${jsonRowsOf(paymentRejections, inArray(paymentRejections.invoiceId, ids), [
      asc(paymentRejections.rejectionNumber),
    ])} as rejections`);
  const row = result.rows[0]!;
  return {
    lineItems: rowsFromJson<InvoiceLineItemRow>(invoiceLineItems, row.line_items),
    entries: rowsFromJson<PaymentEntryRow>(paymentEntries, row.entries),
    rejections: rowsFromJson<PaymentRejectionRow>(paymentRejections, row.rejections),
  };
}

/** An invoice by row id, locked until the transaction ends. */
export async function findInvoiceForUpdate(
  db: DbExecutor,
  id: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1).for('update');
  return row;
}

/** The live (not voided) invoice converted from a quotation, locked. */
export async function findInvoiceOfQuotationForUpdate(
  db: DbExecutor,
  quotationId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.quotationId, quotationId), eq(invoices.isVoided, false)))
    .orderBy(desc(invoices.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function insertInvoice(db: DbExecutor, values: NewInvoiceRow): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

export function insertInvoiceLineItems(
  db: DbExecutor,
  items: readonly NewInvoiceLineItemRow[],
): Promise<InvoiceLineItemRow[]> {
  if (items.length === 0) return Promise.resolve([]);
  return db
    .insert(invoiceLineItems)
    .values([...items])
    .returning();
}

/** Updates the given fields and stamps updatedAt. */
export async function updateInvoiceRow(
  db: DbExecutor,
  id: string,
  values: Partial<Omit<NewInvoiceRow, 'id' | 'invoiceNumber' | 'createdAt' | 'updatedAt'>>,
): Promise<InvoiceRow> {
  const [row] = await db
    .update(invoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

export async function insertPaymentEntry(
  db: DbExecutor,
  values: NewPaymentEntryRow,
): Promise<PaymentEntryRow> {
  const [row] = await db.insert(paymentEntries).values(values).returning();
  return row!;
}

/** An invoice's payments in the order they were recorded (the invoice is locked by the caller). */
export function findPaymentEntries(db: DbExecutor, invoiceId: string): Promise<PaymentEntryRow[]> {
  return db
    .select()
    .from(paymentEntries)
    .where(eq(paymentEntries.invoiceId, invoiceId))
    .orderBy(asc(paymentEntries.createdAt), asc(paymentEntries.id));
}

/** Marks one payment validated, linked to its receipt. */
export async function markPaymentEntryValidated(
  db: DbExecutor,
  id: string,
  values: { receiptId: string; validatedAt: Date; validatedBy: string },
): Promise<PaymentEntryRow> {
  const [row] = await db
    .update(paymentEntries)
    .set({ status: 'validated', ...values })
    .where(eq(paymentEntries.id, id))
    .returning();
  return row!;
}

/** Marks payments rejected (kept, never deleted): who, when and why. */
export async function markPaymentEntriesRejected(
  db: DbExecutor,
  ids: readonly string[],
  values: { rejectedAt: Date; rejectedById: string; rejectedBy: string; rejectionReason: string },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(paymentEntries)
    .set({ status: 'rejected', ...values })
    .where(inArray(paymentEntries.id, [...ids]));
}

/** The number the invoice's next rejection takes (1 for the first). */
export async function nextRejectionNumber(db: DbExecutor, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(paymentRejections.rejectionNumber) })
    .from(paymentRejections)
    .where(eq(paymentRejections.invoiceId, invoiceId));
  return (row?.last ?? 0) + 1;
}

export async function insertPaymentRejection(
  db: DbExecutor,
  values: typeof paymentRejections.$inferInsert,
): Promise<PaymentRejectionRow> {
  const [row] = await db.insert(paymentRejections).values(values).returning();
  return row!;
}

/** An invoice by row id, read without a lock. */
export async function findInvoiceById(db: DbExecutor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}
