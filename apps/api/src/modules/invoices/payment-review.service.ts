import {
  paymentMessages,
  type InvoiceResponse,
  type PaymentEntryParams,
  type RejectPaymentBody,
  type ValidatePaymentBody,
} from '@patrol/contracts';
import {
  businessDay,
  fromSen,
  isAwaitingPaymentValidation,
  mayValidatePayment,
  receiptTransactionType,
  toSen,
} from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { dayOf } from '../../db/column-values';
import type { InvoiceRow, PaymentEntryRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { issueReceipt } from '../receipts/receipts.service';
import { readCompanySettings } from '../settings/settings.service';
import {
  findInvoiceParts,
  findPaymentEntries,
  insertPaymentRejection,
  markPaymentEntriesRejected,
  markPaymentEntryValidated,
  nextRejectionNumber,
} from './invoices.repo';
import {
  auditInvoice,
  auditPayments,
  invoiceEvent,
  invoiceRuleMessages,
  lockInvoice,
  present,
  type InvoiceDeps,
} from './invoices.service';
import { announceInvoiceLicences, issueInvoiceLicences } from './invoice-licences.service';
import { balanceOf, writeBalance } from './payment-balance';

// Validation and rejection of recorded payments: two people per payment, one receipt per
// validated payment, rejected entries kept. Per invoice (spec 3's buttons) or per payment.

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

/** Marks entries rejected and records the rejection in the invoice's rejection history. */
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
  // The rejection lives in its history (staff screens and the trail), never in the client's notes.
  return writeBalance(tx, current, 'rejected', {
    paymentRejectionReason: body.rejectionReason,
    paymentValidationNotes: body.validationNotes || null,
  });
}

const isPending = (entry: PaymentEntryRow) => entry.status === 'pending_validation';

/** Records each entry's change (validated or rejected) in the trail, before and after. */
async function auditEntries(
  tx: DbExecutor,
  actor: AuthUser,
  action: string,
  invoiceId: string,
  before: readonly PaymentEntryRow[],
): Promise<void> {
  const ids = new Set(before.map((entry) => entry.id));
  const after = (await findPaymentEntries(tx, invoiceId)).filter((entry) => ids.has(entry.id));
  await auditPayments(tx, actor, action, before, after);
}

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

/** The invoice locked and the entries an action applies to. */
type EntriesSelection = (tx: DbExecutor) => Promise<{
  current: InvoiceRow;
  entries: PaymentEntryRow[];
}>;

/** Validates the selected entries in one transaction, then announces it. */
async function validateSelected(
  deps: InvoiceDeps,
  actor: AuthUser,
  select: EntriesSelection,
  body: ValidatePaymentBody,
  now: Date,
): Promise<InvoiceResponse> {
  const today = businessDay(now);
  const result = await deps.db.transaction(async (tx) => {
    const { current, entries } = await select(tx);
    const receiptIds = await validateEntries(tx, actor, current, entries, now);
    await auditEntries(tx, actor, 'payment.validated', current.id, entries);
    const updated = await writeBalance(tx, current, 'validated', {
      paymentValidationNotes: body.validationNotes || null,
      validatedAt: now,
      validatedBy: actor.id,
    });
    await auditInvoice(tx, actor, 'invoice.payment_validated', current, updated);
    // The payment that completes the invoice issues and extends its keys, in this transaction.
    const licences = await issueInvoiceLicences(tx, actor, updated, now);
    return { invoice: await present(tx, updated, today), receiptIds, licences };
  });
  await announceInvoiceLicences(deps, result.licences);
  return announceValidation(deps, result);
}

/** Rejects the selected entries in one transaction, then announces it. */
async function rejectSelected(
  deps: InvoiceDeps,
  actor: AuthUser,
  select: EntriesSelection,
  body: RejectPaymentBody,
  now: Date,
  message: string,
): Promise<InvoiceResponse> {
  const today = businessDay(now);
  const invoice = await deps.db.transaction(async (tx) => {
    const { current, entries } = await select(tx);
    const updated = await rejectEntries(tx, actor, current, entries, body, now);
    await auditEntries(tx, actor, 'payment.rejected', current.id, entries);
    await auditInvoice(tx, actor, 'invoice.payment_rejected', current, updated);
    return present(tx, updated, today);
  });
  return announceRejection(deps, invoice, body, message);
}

/** A fully paid invoice awaiting validation, locked, and its pending entries (spec 3's buttons). */
function everyPending(id: string): EntriesSelection {
  return async (tx) => {
    const current = await lockAwaitingValidation(tx, id);
    return { current, entries: (await findPaymentEntries(tx, id)).filter(isPending) };
  };
}

/** One pending entry of an invoice, with the invoice locked. */
function onePending(params: PaymentEntryParams): EntriesSelection {
  return async (tx) => {
    const { current, entry } = await lockPendingEntry(tx, params);
    return { current, entries: [entry] };
  };
}

/**
 * Validates every pending payment of a fully paid invoice (spec 3's Validate), each with its own
 * receipt, by someone other than who recorded them. The route admits only the validator roles.
 */
export function validatePayment(
  deps: InvoiceDeps,
  actor: AuthUser,
  id: string,
  body: ValidatePaymentBody,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  return validateSelected(deps, actor, everyPending(id), body, now);
}

/** Validates one payment as it arrives (a partial one too) and issues its receipt. */
export function validatePaymentEntry(
  deps: InvoiceDeps,
  actor: AuthUser,
  params: PaymentEntryParams,
  body: ValidatePaymentBody,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  return validateSelected(deps, actor, onePending(params), body, now);
}

/**
 * Rejects every pending payment of a fully paid invoice (spec 3's Reject): they are kept, marked
 * rejected; payments validated earlier stay validated and counted.
 */
export function rejectPayment(
  deps: InvoiceDeps,
  actor: AuthUser,
  id: string,
  body: RejectPaymentBody,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  return rejectSelected(deps, actor, everyPending(id), body, now, invoiceRuleMessages.rejected);
}

/** Rejects one payment awaiting validation; it stays listed as rejected. */
export function rejectPaymentEntry(
  deps: InvoiceDeps,
  actor: AuthUser,
  params: PaymentEntryParams,
  body: RejectPaymentBody,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  return rejectSelected(
    deps,
    actor,
    onePending(params),
    body,
    now,
    invoiceRuleMessages.entryRejected,
  );
}
