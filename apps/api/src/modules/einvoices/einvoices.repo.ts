import type { EinvoiceCounts, EinvoiceStatus, ListEinvoicesQuery } from '@patrol/contracts';
import { einvoiceStaleAfterMs, einvoiceStatuses } from '@patrol/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  like,
  lt,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  einvoiceDocuments,
  einvoiceWorkerLease,
  type EinvoiceDocumentRow,
  type NewEinvoiceDocumentRow,
} from '../../db/schema';

/** Queues a document once: a second queueing of the same invoice or note changes nothing. */
export async function insertQueuedDocument(
  db: DbExecutor,
  row: NewEinvoiceDocumentRow,
): Promise<void> {
  await db.insert(einvoiceDocuments).values(row).onConflictDoNothing();
}

/**
 * Takes or renews the worker lease for `holder` until `until`: answers false while another
 * process holds an unexpired lease. One statement, so two processes cannot both win.
 */
export async function takeWorkerLease(
  db: DbExecutor,
  holder: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const rows = await db
    .insert(einvoiceWorkerLease)
    .values({ name: 'submission', holder, expiresAt: until })
    .onConflictDoUpdate({
      target: einvoiceWorkerLease.name,
      set: { holder, expiresAt: until },
      setWhere: sql`${einvoiceWorkerLease.holder} = ${holder} or ${einvoiceWorkerLease.expiresAt} < ${now}`,
    })
    .returning({ holder: einvoiceWorkerLease.holder });
  return rows.length > 0;
}

export async function releaseWorkerLease(db: DbExecutor, holder: string): Promise<void> {
  await db
    .delete(einvoiceWorkerLease)
    .where(and(eq(einvoiceWorkerLease.name, 'submission'), eq(einvoiceWorkerLease.holder, holder)));
}

/** Rows of a status whose next attempt is due, oldest queued first. */
export function findDueDocuments(
  db: DbExecutor,
  status: EinvoiceStatus,
  now: Date,
  limit: number,
): Promise<EinvoiceDocumentRow[]> {
  return db
    .select()
    .from(einvoiceDocuments)
    .where(and(eq(einvoiceDocuments.status, status), lte(einvoiceDocuments.nextAttemptAt, now)))
    .orderBy(asc(einvoiceDocuments.queuedAt), asc(einvoiceDocuments.id))
    .limit(limit);
}

/**
 * Valid documents validated after `since` (still inside the buyer's 72 hours to reject) whose
 * next look is due, oldest validation first.
 */
export function findValidInRejectionWindow(
  db: DbExecutor,
  since: Date,
  now: Date,
  limit: number,
): Promise<EinvoiceDocumentRow[]> {
  return db
    .select()
    .from(einvoiceDocuments)
    .where(
      and(
        eq(einvoiceDocuments.status, 'valid'),
        gte(einvoiceDocuments.validatedAt, since),
        lte(einvoiceDocuments.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(einvoiceDocuments.validatedAt), asc(einvoiceDocuments.id))
    .limit(limit);
}

export async function updateDocument(
  db: DbExecutor,
  id: string,
  patch: Partial<NewEinvoiceDocumentRow>,
): Promise<EinvoiceDocumentRow> {
  const [row] = await db
    .update(einvoiceDocuments)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(einvoiceDocuments.id, id))
    .returning();
  return row!;
}

export async function updateDocuments(
  db: DbExecutor,
  ids: string[],
  patch: Partial<NewEinvoiceDocumentRow>,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(einvoiceDocuments)
    .set({ ...patch, updatedAt: new Date() })
    .where(inArray(einvoiceDocuments.id, ids));
}

export async function findByDocumentId(
  db: DbExecutor,
  documentId: string,
  lock = false,
): Promise<EinvoiceDocumentRow | undefined> {
  const query = db
    .select()
    .from(einvoiceDocuments)
    .where(eq(einvoiceDocuments.documentId, documentId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Queued or in flight with no LHDN status, queued before `staleBefore`. */
function staleCondition(now: Date): SQL {
  const staleBefore = new Date(now.getTime() - einvoiceStaleAfterMs);
  return and(
    inArray(einvoiceDocuments.status, ['queued', 'submitting', 'submitted']),
    lt(einvoiceDocuments.queuedAt, staleBefore),
  )!;
}

export async function findDocumentPage(
  db: DbExecutor,
  query: ListEinvoicesQuery,
  now: Date,
): Promise<{ rows: EinvoiceDocumentRow[]; totalCount: number }> {
  const conditions = [
    query.status ? eq(einvoiceDocuments.status, query.status) : undefined,
    query.kind ? eq(einvoiceDocuments.kind, query.kind) : undefined,
    query.from ? gte(einvoiceDocuments.issueDate, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(einvoiceDocuments.issueDate, nextDay(query.to)) : undefined,
    query.stale ? staleCondition(now) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(einvoiceDocuments)
    .where(where)
    .orderBy(desc(einvoiceDocuments.queuedAt), desc(einvoiceDocuments.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ value: count() }).from(einvoiceDocuments).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

function nextDay(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/** How many documents are in each status, and how many are stale. */
export async function countByStatus(db: DbExecutor, now: Date): Promise<EinvoiceCounts> {
  const rows = await db
    .select({ status: einvoiceDocuments.status, value: count() })
    .from(einvoiceDocuments)
    .groupBy(einvoiceDocuments.status);
  const [stale] = await db
    .select({ value: count() })
    .from(einvoiceDocuments)
    .where(staleCondition(now));
  const counts = Object.fromEntries(einvoiceStatuses.map((status) => [status, 0])) as Record<
    EinvoiceStatus,
    number
  >;
  for (const row of rows) counts[row.status] = row.value;
  return { ...counts, stale: stale?.value ?? 0 };
}

/** Invoices waiting for a consolidated e-invoice (status "consolidated", none yet) issued before `before`. */
export function findAwaitingConsolidation(
  db: DbExecutor,
  before: Date,
  limit: number,
): Promise<EinvoiceDocumentRow[]> {
  return db
    .select()
    .from(einvoiceDocuments)
    .where(
      and(
        eq(einvoiceDocuments.status, 'consolidated'),
        isNull(einvoiceDocuments.consolidatedInto),
        lt(einvoiceDocuments.issueDate, before),
      ),
    )
    .orderBy(asc(einvoiceDocuments.issueDate), asc(einvoiceDocuments.id))
    .limit(limit);
}

/** How many consolidated e-invoices are numbered with `prefix` (CON-202611-). */
export async function countNumbered(db: DbExecutor, prefix: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(einvoiceDocuments)
    .where(
      and(eq(einvoiceDocuments.kind, 'consolidated'), like(einvoiceDocuments.number, `${prefix}%`)),
    );
  return row?.value ?? 0;
}

/** Queues a consolidated e-invoice and points its invoices' rows at it. */
export async function insertConsolidated(
  db: DbExecutor,
  row: NewEinvoiceDocumentRow,
  memberIds: string[],
): Promise<EinvoiceDocumentRow> {
  const [created] = await db.insert(einvoiceDocuments).values(row).returning();
  await db
    .update(einvoiceDocuments)
    .set({ consolidatedInto: created!.id, updatedAt: new Date() })
    .where(inArray(einvoiceDocuments.id, memberIds));
  return created!;
}

/**
 * Gives a cancelled consolidated e-invoice's invoices back to the ones waiting for consolidation;
 * answers how many.
 */
export async function releaseConsolidatedMembers(
  db: DbExecutor,
  consolidatedId: string,
): Promise<number> {
  const released = await db
    .update(einvoiceDocuments)
    .set({ consolidatedInto: null, updatedAt: new Date() })
    .where(eq(einvoiceDocuments.consolidatedInto, consolidatedId))
    .returning({ id: einvoiceDocuments.id });
  return released.length;
}

/** The invoices a consolidated e-invoice carries, oldest first. */
export function findConsolidatedMembers(
  db: DbExecutor,
  consolidatedId: string,
): Promise<EinvoiceDocumentRow[]> {
  return db
    .select()
    .from(einvoiceDocuments)
    .where(eq(einvoiceDocuments.consolidatedInto, consolidatedId))
    .orderBy(asc(einvoiceDocuments.issueDate), asc(einvoiceDocuments.id));
}

export function findByIds(db: DbExecutor, ids: string[]): Promise<EinvoiceDocumentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(einvoiceDocuments).where(inArray(einvoiceDocuments.id, ids));
}
