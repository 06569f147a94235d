import {
  buildPagination,
  invoiceNoteMessages,
  type CreateInvoiceNoteInput,
  type CreateInvoiceNoteResponse,
  type InvoiceNoteKind,
  type InvoiceNoteLine,
  type InvoiceNoteResponse,
  type ListInvoiceNotesQuery,
  type ListInvoiceNotesResponse,
  type TaxType,
} from '@patrol/contracts';
import { businessDay, calculateDocumentTotals, formatMoney, fromSen } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { dayStart, moneyColumn } from '../../db/column-values';
import type { AppContext } from '../../http/app-context';
import { conflict, invalid, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { applyInvoiceNote, lockInvoiceForNote } from '../invoices/invoice-notes-balance.service';
import { nextDocumentNumber } from '../settings/numbering.service';
import { presentInvoiceNote } from './credit-notes.presenter';
import { findInvoiceNoteById, findInvoiceNotePage, insertInvoiceNote } from './credit-notes.repo';
import { announceIssuedNote, recordIssuedNote } from './issued-note';

type NoteLineInput = {
  description: string;
  quantity: number;
  unitPrice: number;
  taxType?: TaxType;
};

const numberingKind = { credit: 'creditNote', debit: 'debitNote' } as const;

/** The body's lines, or its amount as one line named by the reason. */
function requestedLines(body: CreateInvoiceNoteInput): NoteLineInput[] {
  if (body.lines && body.lines.length > 0) return body.lines;
  return [
    {
      description: body.reason.trim(),
      quantity: 1,
      unitPrice: body.amount!,
      taxType: body.taxType,
    },
  ];
}

/** Prices the lines at the invoice's own rate for each tax type (as it was issued). */
function pricedLines(body: CreateInvoiceNoteInput, taxRates: ReadonlyMap<TaxType, number>) {
  const lines = requestedLines(body);
  const fromBody = lines === body.lines;
  const items = lines.map((line, index) => {
    const taxType = line.taxType ?? 'EXEMPT';
    const rate = taxType === 'EXEMPT' ? 0 : taxRates.get(taxType);
    if (rate === undefined) {
      const field = fromBody ? `lines.${index}.taxType` : 'taxType';
      throw invalid(invoiceNoteMessages.taxTypeNotOnInvoice, {
        [field]: invoiceNoteMessages.taxTypeNotOnInvoice,
      });
    }
    return {
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      discount: 0,
      taxType,
      taxRate: rate,
    };
  });
  const totals = calculateDocumentTotals(items);
  const stored: InvoiceNoteLine[] = totals.lines.map((line, index) => ({
    description: lines[index]!.description.trim(),
    quantity: line.quantity,
    unitPrice: fromSen(line.unitPriceSen),
    taxType: line.taxType,
    taxRate: line.taxRate,
    taxAmount: fromSen(line.taxSen),
    lineTotal: fromSen(line.lineTotalSen),
  }));
  return { totals, stored };
}

/**
 * POST /api/business/invoices/{id}/credit-notes and .../debit-notes: issues a numbered note that
 * lowers (credit) or raises (debit) what the invoice owes. A credit note never exceeds what the
 * invoice owes after earlier notes; validated money above what is then owed is a refund due.
 */
export async function issueInvoiceNote(
  {
    db,
    events,
    einvoiceQueue,
  }: Pick<AppContext, 'db' | 'events'> & Partial<Pick<AppContext, 'einvoiceQueue'>>,
  actor: AuthUser,
  kind: Exclude<InvoiceNoteKind, 'refund'>,
  invoiceId: string,
  body: CreateInvoiceNoteInput,
  now: Date = new Date(),
): Promise<CreateInvoiceNoteResponse> {
  const note = await db.transaction(async (tx) => {
    const { invoice, balance, taxRates } = await lockInvoiceForNote(tx, invoiceId);
    if (invoice.isVoided) throw conflict(invoiceNoteMessages.voided);
    const { totals, stored } = pricedLines(body, taxRates);
    if (kind === 'credit' && totals.totalSen > balance.owedSen) {
      const message = invoiceNoteMessages.creditAboveOwed(formatMoney(fromSen(balance.owedSen)));
      throw invalid(message, { amount: message });
    }
    const applied = await applyInvoiceNote(tx, actor, invoice, { kind, totalSen: totals.totalSen });
    const { number } = await nextDocumentNumber(tx, numberingKind[kind], now);
    const row = await insertInvoiceNote(tx, {
      kind,
      noteNumber: number,
      invoiceId,
      invoiceNumber: invoice.invoiceNumber,
      clientId: invoice.clientId,
      clientInfo: invoice.clientInfo,
      issueDate: dayStart(businessDay(now)),
      reason: body.reason.trim(),
      lineItems: stored,
      subtotal: moneyColumn(fromSen(totals.subtotalSen)),
      taxAmount: moneyColumn(fromSen(totals.taxSen)),
      totalAmount: moneyColumn(fromSen(totals.totalSen)),
      invoiceOwedAfter: moneyColumn(fromSen(applied.balance.owedSen)),
      refundDue: moneyColumn(fromSen(applied.balance.refundDueSen)),
      createdBy: actor.id,
    });
    return recordIssuedNote(tx, einvoiceQueue, actor, row);
  });
  return announceIssuedNote(
    events,
    note,
    invoiceId,
    kind === 'credit' ? invoiceNoteMessages.creditIssued : invoiceNoteMessages.debitIssued,
  );
}

/** GET /api/business/credit-notes (or debit-notes, refund-notes): a page, filtered and searched. */
export async function listInvoiceNotes(
  db: DbExecutor,
  kind: InvoiceNoteKind,
  query: ListInvoiceNotesQuery,
): Promise<ListInvoiceNotesResponse> {
  const { rows, totalCount } = await findInvoiceNotePage(db, kind, query);
  return {
    success: true,
    notes: rows.map(presentInvoiceNote),
    pagination: buildPagination(query.page, query.limit, totalCount),
  };
}

/** One note of a kind; 404 'Credit or debit note not found' (or 'Refund note not found'). */
export async function getInvoiceNote(
  db: DbExecutor,
  kind: InvoiceNoteKind,
  id: string,
): Promise<InvoiceNoteResponse> {
  const row = await findInvoiceNoteById(db, kind, id);
  if (!row) {
    throw notFound(
      kind === 'refund' ? invoiceNoteMessages.refundNotFound : invoiceNoteMessages.notFound,
    );
  }
  return { success: true, note: presentInvoiceNote(row) };
}
