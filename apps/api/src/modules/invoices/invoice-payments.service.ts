import {
  paymentMessages,
  type InvoiceResponse,
  type PaymentEntryParams,
  type PaymentValidationStatus,
  type ProcessPaymentBody,
  type RejectPaymentBody,
  type ValidatePaymentBody,
} from '@patrol/contracts';
import {
  appendPaymentCorrection,
  businessDay,
  canProcessPayment,
  fromSen,
  invoiceBalance,
  isAwaitingPaymentValidation,
  mayValidatePayment,
  paymentStatusOfBalance,
  receiptTransactionType,
  toSen,
  type InvoiceBalance,
} from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { dayOf, dayStart, moneyColumn } from '../../db/column-values';
import type { InvoiceRow, NewInvoiceRow, PaymentEntryRow } from '../../db/schema';
import { conflict, forbidden, invalid, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { issueReceipt } from '../receipts/receipts.service';
import { readCompanySettings } from '../settings/settings.service';
import { invoiceStatusOn } from './invoices.presenter';
import {
  findInvoiceParts,
  findPaymentEntries,
  insertPaymentEntry,
  insertPaymentRejection,
  markPaymentEntriesRejected,
  markPaymentEntryValidated,
  nextRejectionNumber,
  updateInvoiceRow,
} from './invoices.repo';
import {
  amountAboveOutstanding,
  auditInvoice,
  invoiceEvent,
  invoiceRuleMessages,
  lockInvoice,
  present,
  type InvoiceDeps,
} from './invoices.service';

// Payment entries are a ledger: recorded once, then validated (each with its receipt) or marked
// rejected, never deleted. The invoice's paid and validated amounts are recomputed from them by
// the domain's invoiceBalance after every change.

/** The balance of an invoice from its entries. */
function balanceOf(invoice: InvoiceRow, entries: readonly PaymentEntryRow[]): InvoiceBalance {
  return invoiceBalance(
    toSen(invoice.totalAmount),
    entries.map((entry) => ({ amountSen: toSen(entry.amount), status: entry.status })),
  );
}

type PaymentAction = 'recorded' | 'validated' | 'rejected';

/** Pending entries keep the invoice awaiting validation; otherwise the last action decides. */
function validationStatusAfter(
  action: PaymentAction,
  entries: readonly PaymentEntryRow[],
  current: PaymentValidationStatus,
): PaymentValidationStatus {
  if (entries.some((entry) => entry.status === 'pending_validation')) return 'pending_validation';
  if (action === 'rejected') return 'validation_rejected';
  if (action === 'validated') return 'validated';
  return current;
}

/** Writes the invoice's amounts and states as its entries now read. */
async function writeBalance(
  tx: DbExecutor,
  current: InvoiceRow,
  action: PaymentAction,
  extra: Partial<NewInvoiceRow> = {},
): Promise<InvoiceRow> {
  const entries = await findPaymentEntries(tx, current.id);
  const balance = balanceOf(current, entries);
  return updateInvoiceRow(tx, current.id, {
    paidAmount: moneyColumn(fromSen(balance.recordedSen)),
    validatedAmount: moneyColumn(fromSen(balance.validatedSen)),
    paymentStatus: paymentStatusOfBalance(balance),
    paymentValidationStatus: validationStatusAfter(
      action,
      entries,
      current.paymentValidationStatus,
    ),
    ...extra,
  });
}

/**
 * Records a payment (spec 3 section 5): at most the outstanding amount, on an invoice that may
 * take one. It awaits validation; paid in full, so does the invoice. Concurrent payments queue on
 * the invoice's row lock, so the second sees the first and cannot overpay.
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
    const state = { ...current, paymentStatus: invoiceStatusOn(current, today) };
    if (!canProcessPayment(state)) throw conflict(invoiceRuleMessages.notPayable);
    const outstanding = balanceOf(current, await findPaymentEntries(tx, id)).outstandingSen;
    if (toSen(body.amount) > outstanding) {
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
    const updated = await writeBalance(tx, current, 'recorded');
    await auditInvoice(tx, actor, 'invoice.payment_processed', current, updated);
    return present(tx, updated, today);
  });
  events.publish('paymentProcessed', { ...invoiceEvent(invoice), amount: body.amount });
  events.publish('billingUpdated', { entity: 'invoice', action: 'updated', id });
  return { success: true, message: invoiceRuleMessages.paymentProcessed, invoice };
}

/** 403 unless the company lets one person record and validate, or `actor` recorded none of them. */
async function assertSecondPerson(
  tx: DbExecutor,
  actor: AuthUser,
  entries: readonly PaymentEntryRow[],
): Promise<void> {
  const { requireSeparateValidator } = (await readCompanySettings(tx)).paymentSettings;
  const ownEntry = entries.some(
    (entry) => !mayValidatePayment(entry.recordedBy, actor.id, requireSeparateValidator),
  );
  if (ownEntry) throw forbidden(paymentMessages.secondPerson);
}

/**
 * Validates pending entries one by one, in the order recorded, each with its own receipt whose
 * allocation shows what the invoice still owed before and after that payment.
 */
async function validateEntries(
  tx: DbExecutor,
  actor: AuthUser,
  invoice: InvoiceRow,
  toValidate: readonly PaymentEntryRow[],
  now: Date,
): Promise<string[]> {
  await assertSecondPerson(tx, actor, toValidate);
  const { lineItems } = await findInvoiceParts(tx, [invoice.id]);
  const receiptLines = lineItems.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unitPrice: fromSen(toSen(item.unitPrice)),
    amount: fromSen(toSen(item.lineTotal)),
  }));
  const receiptIds: string[] = [];
  for (const entry of toValidate) {
    const before = balanceOf(invoice, await findPaymentEntries(tx, invoice.id)).uncollectedSen;
    const amountSen = toSen(entry.amount);
    const after = Math.max(0, before - amountSen);
    const payment = {
      amountSen,
      method: entry.paymentMethod,
      date: dayOf(entry.paymentDate),
      reference: entry.referenceNumber,
    };
    const receipt = await issueReceipt(
      tx,
      actor,
      {
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        clientId: invoice.clientId,
        clientInfo: invoice.clientInfo,
        payment,
        outstandingBeforeSen: before,
        outstandingAfterSen: after,
        transactionType: receiptTransactionType({
          paymentDay: payment.date,
          issueDay: dayOf(invoice.issueDate),
          outstandingAfterSen: after,
        }),
        lineItems: receiptLines,
      },
      now,
    );
    await markPaymentEntryValidated(tx, entry.id, {
      receiptId: receipt.id,
      validatedAt: now,
      validatedBy: actor.id,
    });
    receiptIds.push(receipt.id);
  }
  return receiptIds;
}

/** Marks entries rejected, records the rejection and appends its correction block to the notes. */
async function rejectEntries(
  tx: DbExecutor,
  actor: AuthUser,
  current: InvoiceRow,
  toReject: readonly PaymentEntryRow[],
  body: RejectPaymentBody,
  now: Date,
): Promise<InvoiceRow> {
  const rejectedBy = actor.fullName || actor.username || 'Unknown User';
  const rejectionNumber = await nextRejectionNumber(tx, current.id);
  await markPaymentEntriesRejected(
    tx,
    toReject.map((entry) => entry.id),
    {
      rejectedAt: now,
      rejectedById: actor.id,
      rejectedBy,
      rejectionReason: body.rejectionReason,
    },
  );
  await insertPaymentRejection(tx, {
    invoiceId: current.id,
    rejectionNumber,
    rejectedById: actor.id,
    rejectedBy,
    rejectedAt: now,
    rejectionReason: body.rejectionReason,
    validationNotes: body.validationNotes || null,
    clearedPaymentCount: toReject.length,
  });
  return writeBalance(tx, current, 'rejected', {
    paymentRejectionReason: body.rejectionReason,
    paymentValidationNotes: body.validationNotes || null,
    notes: appendPaymentCorrection(current.notes, {
      rejectionNumber,
      rejectedBy,
      rejectedAt: now,
      reason: body.rejectionReason,
      remarks: body.validationNotes,
    }),
  });
}

const isPending = (entry: PaymentEntryRow) => entry.status === 'pending_validation';

async function lockAwaitingValidation(tx: DbExecutor, id: string): Promise<InvoiceRow> {
  const current = await lockInvoice(tx, id);
  if (!isAwaitingPaymentValidation(current)) {
    throw conflict(invoiceRuleMessages.notAwaitingValidation);
  }
  return current;
}

/** The invoice locked with one of its entries awaiting validation; 404 for an unknown entry. */
async function lockPendingEntry(tx: DbExecutor, params: PaymentEntryParams) {
  const current = await lockInvoice(tx, params.id);
  const entry = (await findPaymentEntries(tx, params.id)).find(
    (candidate) => candidate.id === params.paymentId,
  );
  if (!entry) throw notFound(paymentMessages.entryNotFound);
  if (!isPending(entry) || current.isVoided) throw conflict(paymentMessages.entryNotPending);
  return { current, entry };
}

/** After a validation: the invoice, its receipts and the events, published after commit. */
function announceValidation(
  { events }: Pick<InvoiceDeps, 'events'>,
  result: { invoice: InvoiceResponse['invoice']; receiptIds: string[] },
): InvoiceResponse {
  const id = result.invoice.id;
  events.publish('paymentValidated', invoiceEvent(result.invoice));
  events.publish('billingUpdated', { entity: 'invoice', action: 'updated', id });
  for (const receiptId of result.receiptIds) {
    events.publish('billingUpdated', { entity: 'receipt', action: 'created', id: receiptId });
  }
  return { success: true, message: invoiceRuleMessages.validated, invoice: result.invoice };
}

function announceRejection(
  { events }: Pick<InvoiceDeps, 'events'>,
  invoice: InvoiceResponse['invoice'],
  body: RejectPaymentBody,
  message: string,
): InvoiceResponse {
  events.publish('paymentRejected', {
    ...invoiceEvent(invoice),
    rejectionReason: body.rejectionReason,
  });
  events.publish('billingUpdated', { entity: 'invoice', action: 'updated', id: invoice.id });
  return { success: true, message, invoice };
}

/**
 * Validates every pending payment of a fully paid invoice (spec 3's Validate), each with its own
 * receipt, by someone other than who recorded them. The route admits only the validator roles.
 */
export async function validatePayment(
  deps: InvoiceDeps,
  actor: AuthUser,
  id: string,
  body: ValidatePaymentBody,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  const today = businessDay(now);
  const result = await deps.db.transaction(async (tx) => {
    const current = await lockAwaitingValidation(tx, id);
    const pending = (await findPaymentEntries(tx, id)).filter(isPending);
    const receiptIds = await validateEntries(tx, actor, current, pending, now);
    const updated = await writeBalance(tx, current, 'validated', {
      paymentValidationNotes: body.validationNotes || null,
      validatedAt: now,
      validatedBy: actor.id,
    });
    await auditInvoice(tx, actor, 'invoice.payment_validated', current, updated);
    return { invoice: await present(tx, updated, today), receiptIds };
  });
  return announceValidation(deps, result);
}

/** Validates one payment as it arrives (a partial one too) and issues its receipt. */
export async function validatePaymentEntry(
  deps: InvoiceDeps,
  actor: AuthUser,
  params: PaymentEntryParams,
  body: ValidatePaymentBody,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  const today = businessDay(now);
  const result = await deps.db.transaction(async (tx) => {
    const { current, entry } = await lockPendingEntry(tx, params);
    const receiptIds = await validateEntries(tx, actor, current, [entry], now);
    const updated = await writeBalance(tx, current, 'validated', {
      paymentValidationNotes: body.validationNotes || null,
      validatedAt: now,
      validatedBy: actor.id,
    });
    await auditInvoice(tx, actor, 'invoice.payment_validated', current, updated);
    return { invoice: await present(tx, updated, today), receiptIds };
  });
  return announceValidation(deps, result);
}

/**
 * Rejects every pending payment of a fully paid invoice (spec 3's Reject): they are kept, marked
 * rejected; payments validated earlier stay validated and counted.
 */
export async function rejectPayment(
  deps: InvoiceDeps,
  actor: AuthUser,
  id: string,
  body: RejectPaymentBody,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  const today = businessDay(now);
  const invoice = await deps.db.transaction(async (tx) => {
    const current = await lockAwaitingValidation(tx, id);
    const pending = (await findPaymentEntries(tx, id)).filter(isPending);
    const updated = await rejectEntries(tx, actor, current, pending, body, now);
    await auditInvoice(tx, actor, 'invoice.payment_rejected', current, updated);
    return present(tx, updated, today);
  });
  return announceRejection(deps, invoice, body, invoiceRuleMessages.rejected);
}

/** Rejects one payment awaiting validation; it stays listed as rejected. */
export async function rejectPaymentEntry(
  deps: InvoiceDeps,
  actor: AuthUser,
  params: PaymentEntryParams,
  body: RejectPaymentBody,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  const today = businessDay(now);
  const invoice = await deps.db.transaction(async (tx) => {
    const { current, entry } = await lockPendingEntry(tx, params);
    const updated = await rejectEntries(tx, actor, current, [entry], body, now);
    await auditInvoice(tx, actor, 'invoice.payment_rejected', current, updated);
    return present(tx, updated, today);
  });
  return announceRejection(deps, invoice, body, invoiceRuleMessages.entryRejected);
}
