import {
  buildPagination,
  type Invoice,
  type InvoiceEvent,
  type InvoiceResponse,
  type ListInvoicesQuery,
  type ListInvoicesResponse,
  type ProcessPaymentBody,
  type RejectPaymentBody,
  type ValidatePaymentBody,
} from '@patrol/contracts';
import {
  businessDay,
  canProcessPayment,
  formatMoney,
  fromSen,
  isAwaitingPaymentValidation,
  outstandingSen,
  toSen,
} from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { dayOf, dayStart, moneyColumn } from '../../db/column-values';
import type { InvoiceRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { conflict, invalid, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordRowChange } from '../audit/audit.service';
import { issueReceipt } from '../receipts/receipts.service';
import { invoiceStatusOn, presentInvoice } from './invoices.presenter';
import {
  deletePaymentEntries,
  findInvoiceForUpdate,
  findInvoicePage,
  findInvoiceParts,
  insertPaymentEntry,
  insertPaymentRejection,
  nextRejectionNumber,
  updateInvoiceRow,
  validatePaymentEntries,
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
  voidNoPayment: 'This invoice is void: it keeps its number for the record and takes no payments',
  voidedNotSendable: 'This invoice is void: it cannot be sent to the client',
} as const;

export function amountAboveOutstanding(outstanding: number): string {
  return `Payment amount cannot exceed the outstanding amount of ${formatMoney(outstanding)}`;
}

/** GET /api/business/invoices: a page with each invoice's lines, payments and rejections. */
export async function listInvoices(
  { db, billingTotals }: Pick<AppContext, 'db' | 'billingTotals'>,
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
  );
  const parts = await findInvoiceParts(
    db,
    rows.map((row) => row.id),
  );
  return {
    success: true,
    invoices: rows.map((row) => presentInvoice(row, parts, today)),
    pagination: buildPagination(query.page, query.limit, totalCount, totalCountCapped),
  };
}

/**
 * Records a payment (spec 3 section 5): at most the outstanding amount, on an invoice that may
 * take one. Paid in full, the invoice waits for validation. Concurrent payments queue on the
 * invoice's row lock, so the second sees the first and cannot overpay.
 */
export async function processPayment(
  { db, events }: InvoiceDeps,
  actor: AuthUser,
  id: string,
  body: ProcessPaymentBody,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  const today = businessDay(now);
  const invoice = await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.isVoided) throw conflict(invoiceRuleMessages.voidNoPayment);
    const state = { ...current, paymentStatus: invoiceStatusOn(current, today) };
    if (!canProcessPayment(state)) throw conflict(invoiceRuleMessages.notPayable);
    const totalSen = toSen(current.totalAmount);
    const outstanding = outstandingSen(totalSen, toSen(current.paidAmount));
    const amountSen = toSen(body.amount);
    if (amountSen > outstanding) {
      const message = amountAboveOutstanding(fromSen(outstanding));
      throw invalid(message, { amount: message });
    }
    await insertPaymentEntry(tx, {
      invoiceId: id,
      amount: moneyColumn(body.amount),
      paymentMethod: body.paymentMethod,
      paymentDate: dayStart(body.paymentDate),
      referenceNumber: body.referenceNumber,
      status: 'pending_validation',
      notes: body.notes,
      recordedBy: actor.id,
    });
    const paidSen = toSen(current.paidAmount) + amountSen;
    const fullyPaid = paidSen >= totalSen;
    const updated = await updateInvoiceRow(tx, id, {
      paidAmount: moneyColumn(fromSen(paidSen)),
      paymentStatus: fullyPaid ? 'paid' : 'partial',
      paymentValidationStatus: fullyPaid ? 'pending_validation' : current.paymentValidationStatus,
    });
    await auditInvoice(tx, actor, 'invoice.payment_processed', current, updated);
    return present(tx, updated, today);
  });
  events.publish('paymentProcessed', { ...invoiceEvent(invoice), amount: body.amount });
  events.publish('billingUpdated', { entity: 'invoice', action: 'updated', id });
  return { success: true, message: invoiceRuleMessages.paymentProcessed, invoice };
}

/**
 * Validates the payments of a fully paid invoice and issues its receipt in the same transaction.
 * The route admits only the validator roles (superadmin and accounts).
 */
export async function validatePayment(
  { db, events }: InvoiceDeps,
  actor: AuthUser,
  id: string,
  body: ValidatePaymentBody,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  const today = businessDay(now);
  const { invoice, receiptId } = await db.transaction(async (tx) => {
    const current = await lockAwaitingValidation(tx, id);
    const parts = await findInvoiceParts(tx, [id]);
    const receipt = await issueReceipt(
      tx,
      actor,
      {
        invoiceId: id,
        invoiceNumber: current.invoiceNumber,
        clientId: current.clientId,
        clientInfo: current.clientInfo,
        totalSen: toSen(current.totalAmount),
        payments: parts.entries.map((entry) => ({
          amountSen: toSen(entry.amount),
          method: entry.paymentMethod,
          date: dayOf(entry.paymentDate),
          reference: entry.referenceNumber,
        })),
        lineItems: parts.lineItems.map((item) => ({
          description: item.description,
          quantity: item.quantity,
          unitPrice: fromSen(toSen(item.unitPrice)),
          amount: fromSen(toSen(item.lineTotal)),
        })),
      },
      now,
    );
    await validatePaymentEntries(tx, id, receipt.id);
    const updated = await updateInvoiceRow(tx, id, {
      paymentValidationStatus: 'validated',
      paymentValidationNotes: body.validationNotes || null,
      validatedAt: now,
      validatedBy: actor.id,
    });
    await auditInvoice(tx, actor, 'invoice.payment_validated', current, updated);
    return { invoice: await present(tx, updated, today), receiptId: receipt.id };
  });
  events.publish('paymentValidated', invoiceEvent(invoice));
  events.publish('billingUpdated', { entity: 'invoice', action: 'updated', id });
  events.publish('billingUpdated', { entity: 'receipt', action: 'created', id: receiptId });
  return { success: true, message: invoiceRuleMessages.validated, invoice };
}

/**
 * Rejects the payments of a fully paid invoice (the route admits only the validator roles): clears them
 * and records the rejection in its history; the client-facing notes stay as they were.
 */
export async function rejectPayment(
  { db, events }: InvoiceDeps,
  actor: AuthUser,
  id: string,
  body: RejectPaymentBody,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  const today = businessDay(now);
  const rejectedBy = actor.fullName || actor.username || 'Unknown User';
  const invoice = await db.transaction(async (tx) => {
    const current = await lockAwaitingValidation(tx, id);
    const rejectionNumber = await nextRejectionNumber(tx, id);
    const cleared = await deletePaymentEntries(tx, id);
    await insertPaymentRejection(tx, {
      invoiceId: id,
      rejectionNumber,
      rejectedById: actor.id,
      rejectedBy,
      rejectedAt: now,
      rejectionReason: body.rejectionReason,
      validationNotes: body.validationNotes || null,
      clearedPaymentCount: cleared,
    });
    const updated = await updateInvoiceRow(tx, id, {
      paidAmount: '0.00',
      paymentStatus: 'unpaid',
      paymentValidationStatus: 'validation_rejected',
      paymentRejectionReason: body.rejectionReason,
      paymentValidationNotes: body.validationNotes || null,
    });
    await auditInvoice(tx, actor, 'invoice.payment_rejected', current, updated);
    return present(tx, updated, today);
  });
  events.publish('paymentRejected', {
    ...invoiceEvent(invoice),
    rejectionReason: body.rejectionReason,
  });
  events.publish('billingUpdated', { entity: 'invoice', action: 'updated', id });
  return { success: true, message: invoiceRuleMessages.rejected, invoice };
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

async function lockAwaitingValidation(tx: DbExecutor, id: string): Promise<InvoiceRow> {
  const current = await lockInvoice(tx, id);
  if (!isAwaitingPaymentValidation(current)) {
    throw conflict(invoiceRuleMessages.notAwaitingValidation);
  }
  return current;
}

/** Writes an invoice change to the audit trail. */
export function auditInvoice(
  tx: DbExecutor,
  actor: AuthUser,
  action: string,
  before: InvoiceRow | null,
  after: InvoiceRow | null,
): Promise<void> {
  return recordRowChange(tx, { actorId: actor.id, action, entityType: 'invoice', before, after });
}
