import {
  buildPagination,
  type GetInvoiceResponse,
  type Invoice,
  type InvoiceEvent,
  type InvoiceResponse,
  type ListInvoicesQuery,
  type ListInvoicesResponse,
} from '@patrol/contracts';
import { businessDay, formatMoney } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { InvoiceRow, PaymentEntryRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { conflict, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordRowChange, recordRowChanges } from '../audit/audit.service';
import { presentInvoice, presentInvoiceSummary } from './invoices.presenter';
import {
  findInvoiceById,
  findInvoiceForUpdate,
  findInvoicePage,
  findInvoiceParts,
  updateInvoiceRow,
} from './invoices.repo';

/** What the invoice services use of the application context. */
export type InvoiceDeps = Pick<AppContext, 'db' | 'events'>;

export const invoiceRuleMessages = {
  notFound: 'Invoice not found',
  paymentProcessed: 'Payment processed successfully',
  notPayable:
    'This invoice cannot take a payment: it is voided, cancelled, paid or awaiting validation',
  validatorsOnly: 'Only superadmin and accounts users can validate or reject payments',
  notAwaitingValidation:
    'Only a fully paid invoice awaiting validation can be validated or rejected',
  validated: 'Payment validated successfully. The receipt has been issued.',
  rejected:
    'Payment rejected successfully. All payment entries have been cleared. The invoice now shows correction notes and requires payment to be re-entered and processed again.',
  entryRejected:
    'Payment rejected successfully. It stays listed as rejected; the invoice now shows correction notes and the payment must be re-entered.',
  sent: 'Invoice sent successfully',
  voidNoPayment: 'This invoice is void: it keeps its number for the record and takes no payments',
  voidedNotSendable: 'This invoice is void: it cannot be sent to the client',
} as const;

export function amountAboveOutstanding(outstanding: number): string {
  return `Payment amount cannot exceed the outstanding amount of ${formatMoney(outstanding)}`;
}

/** GET /api/business/invoices: a page with each invoice's lines, payments and rejections. */
export async function listInvoices(
  { db, billingTotals, listCounts }: Pick<AppContext, 'db' | 'billingTotals' | 'listCounts'>,
  query: ListInvoicesQuery,
  now: Date = new Date(),
): Promise<ListInvoicesResponse> {
  const today = businessDay(now);
  const unfiltered =
    !query.search &&
    !query.paymentStatus &&
    !query.paymentValidationStatus &&
    !query.dueStatus &&
    !query.dateRange &&
    !query.clientId;
  const { rows, totalCount, totalCountCapped } = await findInvoicePage(
    db,
    { ...query, today },
    unfiltered ? (await billingTotals.read()).invoices : undefined,
    listCounts,
  );
  return {
    success: true,
    invoices: rows.map((row) => presentInvoiceSummary(row, today)),
    pagination: buildPagination(query.page, query.limit, totalCount, totalCountCapped),
  };
}

/** GET /api/business/invoices/{id}: the invoice whole; 404 'Invoice not found'. */
export async function getInvoice(
  { db }: Pick<AppContext, 'db'>,
  id: string,
  now: Date = new Date(),
): Promise<GetInvoiceResponse> {
  // One round trip: the parts are read beside the invoice, as its PDF reads them.
  const [row, parts] = await Promise.all([findInvoiceById(db, id), findInvoiceParts(db, [id])]);
  if (!row) throw notFound(invoiceRuleMessages.notFound);
  return { success: true, invoice: presentInvoice(row, parts, businessDay(now)) };
}

/** Records that the invoice was sent to the client, by whom, when and to which address. */
export async function markInvoiceSent(
  { db, events }: InvoiceDeps,
  actor: AuthUser,
  id: string,
  delivery: { sentTo: string | null; message: string },
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  const today = businessDay(now);
  const invoice = await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.isVoided) throw conflict(invoiceRuleMessages.voidedNotSendable);
    const updated = await updateInvoiceRow(tx, id, {
      status: 'sent',
      sentAt: now,
      sentBy: actor.id,
      sentTo: delivery.sentTo,
    });
    await auditInvoice(tx, actor, 'invoice.sent', current, updated);
    return present(tx, updated, today);
  });
  events.publish('invoiceUpdated', invoiceEvent(invoice));
  events.publish('billingUpdated', { entity: 'invoice', action: 'sent', id });
  return { success: true, message: delivery.message, invoice };
}

/** The payload of the invoice and payment events. */
export function invoiceEvent(invoice: Invoice): InvoiceEvent {
  return {
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    paymentStatus: invoice.paymentStatus,
    paymentValidationStatus: invoice.paymentValidationStatus,
    totalAmount: invoice.totalAmount,
    paidAmount: invoice.paidAmount,
  };
}

/** An invoice as stored, presented with its parts as it reads on `today`. */
export async function present(tx: DbExecutor, row: InvoiceRow, today: string): Promise<Invoice> {
  return presentInvoice(row, await findInvoiceParts(tx, [row.id]), today);
}

/** An invoice locked for the caller's transaction; 404 'Invoice not found'. */
export async function lockInvoice(tx: DbExecutor, id: string): Promise<InvoiceRow> {
  const row = await findInvoiceForUpdate(tx, id);
  if (!row) throw notFound(invoiceRuleMessages.notFound);
  return row;
}

/** An invoice as the trail records it: the row, with its lines when the change creates them. */
export type InvoiceSnapshot = InvoiceRow & { lines?: object[] };

/** Writes an invoice change to the audit trail. */
export function auditInvoice(
  tx: DbExecutor,
  actor: AuthUser,
  action: string,
  before: InvoiceSnapshot | null,
  after: InvoiceSnapshot | null,
): Promise<void> {
  return recordRowChange(tx, {
    actorId: actor.id,
    requestId: actor.requestId,
    action,
    entityType: 'invoice',
    before,
    after,
  });
}

/** Writes the changes of an invoice's payment entries to the audit trail, one entry each. */
export function auditPayments(
  tx: DbExecutor,
  actor: AuthUser,
  action: string,
  before: readonly PaymentEntryRow[],
  after: readonly PaymentEntryRow[],
): Promise<void> {
  return recordRowChanges(tx, {
    actorId: actor.id,
    requestId: actor.requestId,
    action,
    entityType: 'payment',
    before,
    after,
  });
}

/** An invoice row with its lines in order (what its MyInvois e-invoice is built from). */
export async function invoiceWithLines(db: DbExecutor, id: string) {
  const row = await findInvoiceById(db, id);
  if (!row) throw notFound(invoiceRuleMessages.notFound);
  return { row, lines: (await findInvoiceParts(db, [id])).lineItems };
}
