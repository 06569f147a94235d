import type { Role } from '@patrol/contracts';
import { parseSen, type MoneyInput } from './money';

/** The parts of an invoice that decide which payment actions it offers. */
export interface InvoicePaymentStateInput {
  totalAmount: MoneyInput;
  paidAmount?: MoneyInput;
  paymentStatus?: string | null;
  paymentValidationStatus?: string | null;
  isVoided?: boolean | null;
  status?: string | null;
  /** Credit and debit notes issued against the invoice: what is owed moves by them. */
  creditedAmount?: MoneyInput;
  debitedAmount?: MoneyInput;
}

/** What the invoice owes in sen: its total, plus debit notes, less credit notes (never below 0). */
export function invoiceOwedSen(invoice: InvoicePaymentStateInput): number {
  const sen = (amount: MoneyInput | undefined) =>
    amount === undefined ? 0 : (parseSen(amount) ?? 0);
  return Math.max(
    0,
    sen(invoice.totalAmount) + sen(invoice.debitedAmount) - sen(invoice.creditedAmount),
  );
}

/** Outstanding = the larger of 0 and (total minus paid), in sen. */
export function outstandingSen(totalSen: number, paidSen: number): number {
  return Math.max(0, totalSen - paidSen);
}

/** The outstanding amount of an invoice in sen (owed less paid); a non-numeric amount counts as 0. */
export function invoiceOutstandingSen(invoice: InvoicePaymentStateInput): number {
  return outstandingSen(invoiceOwedSen(invoice), parseSen(invoice.paidAmount) ?? 0);
}

const payableStatuses: readonly string[] = ['unpaid', 'pending', 'partial', 'overdue'];

/**
 * Process Payment is offered when the invoice is neither voided nor cancelled, its payment
 * status is unpaid, pending, partial or overdue, and something is outstanding.
 */
export function canProcessPayment(invoice: InvoicePaymentStateInput): boolean {
  if (invoice.isVoided || invoice.status === 'cancelled') return false;
  if (!payableStatuses.includes(invoice.paymentStatus ?? '')) return false;
  return invoiceOutstandingSen(invoice) > 0;
}

/** Roles that may validate or reject a recorded payment (spec 3 section 6). */
export const paymentValidatorRoles: readonly Role[] = ['superadmin', 'accounts'];

/** True when a payment awaits validation: paid in full, pending_validation and not voided. */
export function isAwaitingPaymentValidation(invoice: InvoicePaymentStateInput): boolean {
  if (invoice.isVoided) return false;
  if (invoice.paymentStatus !== 'paid') return false;
  if (invoice.paymentValidationStatus !== 'pending_validation') return false;
  return (parseSen(invoice.paidAmount) ?? 0) >= invoiceOwedSen(invoice);
}

/** Validate and Reject are offered on an invoice awaiting validation, to superadmin and accounts. */
export function canValidateOrRejectPayment(
  invoice: InvoicePaymentStateInput,
  role: string | null | undefined,
): boolean {
  return (
    (paymentValidatorRoles as readonly string[]).includes(role ?? '') &&
    isAwaitingPaymentValidation(invoice)
  );
}

/** Revert to quotation is hidden once the payment has been validated. */
export function canRevertInvoice(invoice: InvoicePaymentStateInput): boolean {
  return invoice.paymentValidationStatus !== 'validated';
}

/** WhatsApp sharing is disabled while the invoice is paid and awaiting validation. */
export function canShareInvoice(invoice: InvoicePaymentStateInput): boolean {
  return !(
    invoice.paymentStatus === 'paid' && invoice.paymentValidationStatus === 'pending_validation'
  );
}

/** Payment states still waiting for money, which turn overdue after the due date. */
export const awaitingPaymentStatuses = ['unpaid', 'pending', 'partial'] as const;

/**
 * The payment status an invoice reads as on `today` ('YYYY-MM-DD'): one still waiting for money
 * past its due day is overdue (spec 3 section 4); a voided one keeps its stored status.
 */
export function paymentStatusOn<Status extends string>(
  invoice: { paymentStatus: Status; isVoided: boolean; dueDay: string },
  today: string,
): Status | 'overdue' {
  const waiting = (awaitingPaymentStatuses as readonly string[]).includes(invoice.paymentStatus);
  return !invoice.isVoided && waiting && invoice.dueDay < today ? 'overdue' : invoice.paymentStatus;
}
