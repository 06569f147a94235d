import { and, eq, gte, lte, min, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { dayStart } from '../../db/column-values';
import { prepared } from '../../db/prepared';
import { invoiceLineItems, invoices, unpaidKeyDueCounts, type InvoiceRow } from '../../db/schema';
import { isAnyOf } from '../../db/any-of';

/**
 * Still owed: not voided, and its validated payments less refund notes fall short of what it owes
 * (total plus debit notes less credit notes). A payment recorded but not yet validated still leaves it owed; paying
 * and validating, voiding, or crediting it in full settles it.
 */
export function unpaidInvoice(): SQL {
  return sql`${invoices.isVoided} = false and ${invoices.validatedAmount} - ${invoices.refundedAmount} < ${invoices.totalAmount} + ${invoices.debitedAmount} - ${invoices.creditedAmount}`;
}

/**
 * The client's oldest unpaid invoice (its id and due date), and the due date of `invoiceId` when
 * still unpaid: one indexed read per device session (invoices_client_id_idx; a client holds few
 * invoices).
 */
export async function findUnpaidDueDates(
  db: DbExecutor,
  clientId: string,
  invoiceId: string | null,
): Promise<{ oldest: Date | null; oldestId: string | null; ofInvoice: Date | null }> {
  const [row] = await prepared(db, 'unpaid_due_invoices', () =>
    db
      .select({
        oldest: min(invoices.dueDate),
        oldestId: sql<
          string | null
        >`(array_agg(${invoices.id} order by ${invoices.dueDate}, ${invoices.id}))[1]`,
        ofInvoice:
          sql<Date | null>`min(${invoices.dueDate}) filter (where ${invoices.id} = ${sql.placeholder('invoiceId')}::uuid)`.mapWith(
            invoices.dueDate,
          ),
      })
      .from(invoices)
      .where(and(eq(invoices.clientId, sql.placeholder('clientId')), unpaidInvoice()))
      .prepare('unpaid_due_invoices'),
  ).execute({ clientId, invoiceId });
  return {
    oldest: row?.oldest ?? null,
    oldestId: row?.oldestId ?? null,
    ofInvoice: row?.ofInvoice ?? null,
  };
}

/** An invoice's number, client and due date, and whether it is still owed (undefined: no such). */
export async function findInvoiceOwing(
  db: DbExecutor,
  id: string,
): Promise<
  | { id: string; invoiceNumber: string; clientId: string | null; dueDate: Date; owed: boolean }
  | undefined
> {
  const [row] = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      clientId: invoices.clientId,
      dueDate: invoices.dueDate,
      owed: sql<boolean>`${unpaidInvoice()}`,
    })
    .from(invoices)
    .where(eq(invoices.id, id))
    .limit(1);
  return row;
}

/** Unpaid invoices (of a client still on file) due between two days, both included. */
export function findUnpaidInvoicesDueBetween(
  db: DbExecutor,
  fromDay: string,
  toDay: string,
): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(unpaidDueBetween(fromDay, toDay));
}

/** Unpaid, of a client still on file, and due between two days, both included. */
function unpaidDueBetween(fromDay: string, toDay: string): SQL | undefined {
  return and(
    unpaidInvoice(),
    gte(invoices.dueDate, dayStart(fromDay)),
    lte(invoices.dueDate, dayStart(toDay)),
    sql`${invoices.clientId} is not null`,
  );
}

/**
 * The keys paid by unpaid invoices (of a client still on file) due between two days, both
 * included: a row per due date of the roll-up the triggers keep (migration 0049), not the invoices.
 */
export async function sumUnpaidKeysDueBetween(
  db: DbExecutor,
  fromDay: string,
  toDay: string,
): Promise<number> {
  const [row] = await db
    .select({ keys: sql<number>`coalesce(sum(${unpaidKeyDueCounts.keys}), 0)::int` })
    .from(unpaidKeyDueCounts)
    .where(
      and(
        gte(unpaidKeyDueCounts.dueDate, dayStart(fromDay)),
        lte(unpaidKeyDueCounts.dueDate, dayStart(toDay)),
      ),
    );
  return row?.keys ?? 0;
}

/** The clients whose oldest unpaid invoice is due between two days, both included, as a subquery. */
export function clientIdsOldestUnpaidDueBetween(
  db: DbExecutor,
  fromDay: string,
  toDay: string,
): SQL {
  return db
    .select({ clientId: invoices.clientId })
    .from(invoices)
    .where(and(unpaidInvoice(), sql`${invoices.clientId} is not null`))
    .groupBy(invoices.clientId)
    .having(
      and(
        gte(min(invoices.dueDate), dayStart(fromDay)),
        lte(min(invoices.dueDate), dayStart(toDay)),
      ),
    )
    .getSQL();
}

/** Which of `ids` are settled now (paid and validated, voided, credited, or deleted). */
export async function findUnpaidAmong(
  db: DbExecutor,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(isAnyOf(invoices.id, ids), unpaidInvoice()));
  return new Set(rows.map((row) => row.id));
}

/** The invoice's row, or undefined. */
export async function findInvoiceRow(db: DbExecutor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

/** The licence ids named by renewal lines of these clients' unpaid invoices. */
export async function findRenewalKeysInUnpaidInvoices(
  db: DbExecutor,
  clientIds: readonly string[],
): Promise<string[]> {
  if (clientIds.length === 0) return [];
  const rows = await db
    .select({ id: sql<string>`unnest(${invoiceLineItems.renewalLicenceIds})` })
    .from(invoiceLineItems)
    .innerJoin(invoices, eq(invoices.id, invoiceLineItems.invoiceId))
    .where(
      and(
        isAnyOf(invoices.clientId, clientIds),
        unpaidInvoice(),
        sql`${invoiceLineItems.renewalLicenceIds} is not null`,
      ),
    );
  return rows.map((row) => row.id);
}
