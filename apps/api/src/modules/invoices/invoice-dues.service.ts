import type { Invoice } from '@patrol/contracts';
import { dayOf } from '../../db/column-values';
import type { SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { InvoiceRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { renderBillingPdf } from '../../pdf/billing-pdf';
import { pdfBuffer } from '../../mail/document-mail';
import { invoicePdf, readInvoiceDocument } from './invoice-pdf';
import {
  clientIdsOldestUnpaidDueBetween,
  findInvoiceOwing,
  findInvoiceRow,
  findRenewalKeysInUnpaidInvoices,
  findUnpaidAmong,
  findUnpaidDueDates,
  findUnpaidInvoicesDueBetween,
  sumUnpaidKeysDueBetween,
} from './invoice-dues.repo';

/** An unpaid invoice as the renewal run reads it. */
export interface UnpaidInvoice {
  id: string;
  invoiceNumber: string;
  clientId: string;
  dueDay: string;
  totalAmount: string;
  clientInfo: InvoiceRow['clientInfo'];
}

function unpaid(row: InvoiceRow): UnpaidInvoice {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    clientId: row.clientId ?? '',
    dueDay: dayOf(row.dueDate),
    totalAmount: row.totalAmount,
    clientInfo: row.clientInfo,
  };
}

/**
 * The due days that decide a device's overdue state: the client's oldest unpaid invoice (id and
 * due day), and the invoice that paid the key when it is still unpaid (null: nothing unpaid).
 */
export async function unpaidDueDays(
  db: DbExecutor,
  clientId: string,
  paidByInvoiceId: string | null,
): Promise<{ oldest: string | null; oldestId: string | null; ofInvoice: string | null }> {
  const found = await findUnpaidDueDates(db, clientId, paidByInvoiceId);
  return {
    oldest: found.oldest ? dayOf(found.oldest) : null,
    oldestId: found.oldestId,
    ofInvoice: found.ofInvoice ? dayOf(found.ofInvoice) : null,
  };
}

/** An invoice as an overdue transition reads it: still owed or not, and its due day. */
export interface InvoiceOwing {
  id: string;
  invoiceNumber: string;
  clientId: string | null;
  dueDay: string;
  owed: boolean;
}

/** The invoice's standing now (undefined: no such invoice). */
export async function invoiceOwing(db: DbExecutor, id: string): Promise<InvoiceOwing | undefined> {
  const row = await findInvoiceOwing(db, id);
  return row && { ...row, dueDay: dayOf(row.dueDate) };
}

/** Unpaid invoices with a client, due from `fromDay` to `toDay`. */
export async function unpaidInvoicesDueBetween(
  db: DbExecutor,
  fromDay: string,
  toDay: string,
): Promise<UnpaidInvoice[]> {
  return (await findUnpaidInvoicesDueBetween(db, fromDay, toDay)).map(unpaid);
}

/** The keys paid by unpaid invoices (of a client) due from `fromDay` to `toDay`, both included. */
export function unpaidKeysDue(db: DbExecutor, fromDay: string, toDay: string): Promise<number> {
  return sumUnpaidKeysDueBetween(db, fromDay, toDay);
}

/** Clients whose oldest unpaid invoice is due from `fromDay` to `toDay`, as a subquery. */
export function clientsOldestUnpaidDue(db: DbExecutor, fromDay: string, toDay: string): SQL {
  return clientIdsOldestUnpaidDueBetween(db, fromDay, toDay);
}

/** Which of `ids` are still unpaid. */
export function unpaidAmong(db: DbExecutor, ids: readonly string[]): Promise<Set<string>> {
  return findUnpaidAmong(db, ids);
}

/** Whether an invoice exists, and what it is, for routes answering 404. */
export async function findUnpaidCandidate(
  db: DbExecutor,
  id: string,
): Promise<{ id: string; invoiceNumber: string; clientId: string | null } | undefined> {
  const row = await findInvoiceRow(db, id);
  return row && { id: row.id, invoiceNumber: row.invoiceNumber, clientId: row.clientId };
}

/** The invoice as presented, and its PDF as a Buffer when `withPdf` (a reminder's attachment). */
export async function invoiceWithPdf(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  id: string,
  now: Date,
  withPdf = true,
): Promise<{ invoice: Invoice; companyName: string; pdf: Buffer | null }> {
  const { invoice, company } = await readInvoiceDocument(ctx, id, now);
  const pdf = withPdf ? await pdfBuffer(renderBillingPdf(invoicePdf(invoice, company))) : null;
  return { invoice, companyName: company.company.name, pdf };
}

/** The licence ids that renewal lines of these clients' unpaid invoices already name. */
export function renewalKeysInUnpaidInvoices(
  db: DbExecutor,
  clientIds: readonly string[],
): Promise<string[]> {
  return findRenewalKeysInUnpaidInvoices(db, clientIds);
}

// An auto-renewing client's renewal quotation becomes its invoice through the same conversion.
export { convertQuotationToInvoice } from './invoice-conversion';
export { sendInvoiceToClient } from './invoice-sending';
