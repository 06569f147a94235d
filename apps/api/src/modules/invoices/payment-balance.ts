import type { PaymentValidationStatus } from '@patrol/contracts';
import {
  fromSen,
  invoiceBalance,
  paymentStatusOfBalance,
  toSen,
  type InvoiceBalance,
} from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { moneyColumn } from '../../db/column-values';
import type { InvoiceRow, NewInvoiceRow, PaymentEntryRow } from '../../db/schema';
import { findPaymentEntries, updateInvoiceRow } from './invoices.repo';

// Payment entries are a ledger: recorded once, then validated (each with its receipt) or marked
// rejected, never deleted. The invoice's paid and validated amounts are recomputed from them by
// the domain's invoiceBalance after every change.

/** The balance of an invoice from its entries. */
export function balanceOf(
  invoice: InvoiceRow,
  entries: readonly PaymentEntryRow[],
): InvoiceBalance {
  return invoiceBalance(
    toSen(invoice.totalAmount),
    entries.map((entry) => ({ amountSen: toSen(entry.amount), status: entry.status })),
    toSen(invoice.debitedAmount) - toSen(invoice.creditedAmount),
    toSen(invoice.refundedAmount),
  );
}

/** What changed the balance; 'adjusted' is a credit, debit or refund note, which keeps the validation status. */
export type PaymentAction = 'recorded' | 'validated' | 'rejected' | 'adjusted';

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
export async function writeBalance(
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
