import type { InvoiceNoteKind, ListInvoiceNotesQuery } from '@patrol/contracts';
import { addDays } from '@patrol/domain';
import { and, asc, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { dayStart } from '../../db/column-values';
import { likePattern } from '../../db/like-pattern';
import { invoiceNotes, type InvoiceNoteRow, type NewInvoiceNoteRow } from '../../db/schema';

/** Notes are issued once and never edited: this module only inserts and reads them. */
export async function insertInvoiceNote(
  tx: DbExecutor,
  values: NewInvoiceNoteRow,
): Promise<InvoiceNoteRow> {
  const [row] = await tx.insert(invoiceNotes).values(values).returning();
  return row!;
}

export async function findInvoiceNoteById(
  db: DbExecutor,
  kind: InvoiceNoteKind,
  id: string,
): Promise<InvoiceNoteRow | undefined> {
  const [row] = await db
    .select()
    .from(invoiceNotes)
    .where(and(eq(invoiceNotes.id, id), eq(invoiceNotes.kind, kind)));
  return row;
}

function filterCondition(kind: InvoiceNoteKind, query: ListInvoiceNotesQuery): SQL | undefined {
  return and(
    eq(invoiceNotes.kind, kind),
    query.search
      ? like(invoiceNotes.searchText, likePattern(query.search.toLowerCase()))
      : undefined,
    query.clientId ? eq(invoiceNotes.clientId, query.clientId) : undefined,
    query.invoiceId ? eq(invoiceNotes.invoiceId, query.invoiceId) : undefined,
    query.from ? gte(invoiceNotes.issueDate, dayStart(query.from)) : undefined,
    query.to ? lt(invoiceNotes.issueDate, dayStart(addDays(query.to, 1))) : undefined,
  );
}

const sortColumns = {
  issueDate: invoiceNotes.issueDate,
  noteNumber: invoiceNotes.noteNumber,
  totalAmount: invoiceNotes.totalAmount,
  createdAt: invoiceNotes.createdAt,
} as const;

/** A page of one kind of note and the count of every match. */
export async function findInvoiceNotePage(
  db: DbExecutor,
  kind: InvoiceNoteKind,
  query: ListInvoiceNotesQuery,
): Promise<{ rows: InvoiceNoteRow[]; totalCount: number }> {
  const where = filterCondition(kind, query);
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(invoiceNotes)
      .where(where)
      .orderBy(direction(sortColumns[query.sortBy]), direction(invoiceNotes.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(invoiceNotes).where(where),
  ]);
  return { rows, totalCount: counted?.total ?? 0 };
}
