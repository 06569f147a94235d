import type { PaymentEntryStatus, PaymentStatus, TransactionType } from '@patrol/contracts';

/** A payment entry as the balance reads it, in sen. */
export interface BalanceEntry {
  amountSen: number;
  status: PaymentEntryStatus;
}

/** What an invoice's client owes and has paid, in sen. */
export interface InvoiceBalance {
  /** What the client owes: the invoice total, less credit notes, plus debit notes. */
  owedSen: number;
  /** Payments validated: the money collected. */
  validatedSen: number;
  /** Payments recorded and not yet validated or rejected. */
  awaitingSen: number;
  /** validated + awaiting: what the invoice shows as paid. */
  recordedSen: number;
  /** What is left to record: max(0, owed - (recorded - refunded)). */
  outstandingSen: number;
  /** What is still uncollected: max(0, owed - (validated - refunded)). */
  uncollectedSen: number;
  /** Refund notes: validated money paid back to the client. */
  refundedSen: number;
  /**
   * Validated money above what is owed (after a credit note) not yet paid back by a refund note:
   * max(0, validated - refunded - owed).
   */
  refundDueSen: number;
}

/**
 * The one place an invoice's owed, paid and outstanding amounts come from: its total and its
 * payment entries, rejected entries counting nowhere. A credit or debit note joins as an
 * adjustment of what is owed; refund notes (`refundedSen`) take money paid back out of what was
 * collected, so the refund due goes down by them.
 */
export function invoiceBalance(
  totalSen: number,
  entries: readonly BalanceEntry[],
  adjustmentSen = 0,
  refundedSen = 0,
): InvoiceBalance {
  const owedSen = Math.max(0, totalSen + adjustmentSen);
  let validatedSen = 0;
  let awaitingSen = 0;
  for (const entry of entries) {
    if (entry.status === 'validated') validatedSen += entry.amountSen;
    else if (entry.status === 'pending_validation') awaitingSen += entry.amountSen;
  }
  const recordedSen = validatedSen + awaitingSen;
  return {
    owedSen,
    validatedSen,
    awaitingSen,
    recordedSen,
    refundedSen,
    outstandingSen: Math.max(0, owedSen - (recordedSen - refundedSen)),
    uncollectedSen: Math.max(0, owedSen - (validatedSen - refundedSen)),
    refundDueSen: Math.max(0, validatedSen - refundedSen - owedSen),
  };
}

/**
 * The payment status a balance reads as: nothing recorded unpaid, some partial, all paid. An
 * invoice credited in full owes nothing and reads paid (settled).
 */
export function paymentStatusOfBalance(
  balance: InvoiceBalance,
): Extract<PaymentStatus, 'unpaid' | 'partial' | 'paid'> {
  if (balance.owedSen <= 0) return 'paid';
  const keptSen = balance.recordedSen - balance.refundedSen;
  if (keptSen <= 0) return 'unpaid';
  return keptSen >= balance.owedSen ? 'paid' : 'partial';
}

/**
 * The receipt type of one validated payment: advance_payment when paid before the invoice was
 * issued, full_payment when it settles the invoice, otherwise partial_payment.
 */
export function receiptTransactionType(payment: {
  paymentDay: string;
  issueDay: string;
  outstandingAfterSen: number;
}): Extract<TransactionType, 'partial_payment' | 'full_payment' | 'advance_payment'> {
  if (payment.paymentDay < payment.issueDay) return 'advance_payment';
  return payment.outstandingAfterSen <= 0 ? 'full_payment' : 'partial_payment';
}

/**
 * The two-person rule: whether `validatorId` may validate a payment recorded by `recorderId`.
 * A company that switched the rule off lets the recorder validate.
 */
export function mayValidatePayment(
  recorderId: string | null | undefined,
  validatorId: string,
  requireSeparateValidator: boolean,
): boolean {
  return !requireSeparateValidator || recorderId !== validatorId;
}
