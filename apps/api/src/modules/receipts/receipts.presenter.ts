import type { Receipt, ReceiptSummary } from '@patrol/contracts';
import { dayOf, documentClient, moneyValue } from '../../db/column-values';
import type { ReceiptAllocationRow, ReceiptRow } from '../../db/schema';

/**
 * A receipt as the list shows it, without its allocations, lines and history; who created and
 * last updated it come from its audit trail.
 */
export function presentReceiptSummary(row: ReceiptRow): ReceiptSummary {
  const created = row.auditLog.find((entry) => entry.action === 'created');
  const updated = row.auditLog.findLast((entry) => entry.action === 'updated');
  return {
    id: row.id,
    receiptNumber: row.receiptNumber,
    invoiceNumbers: row.invoiceNumbers,
    paymentDate: dayOf(row.paymentDate),
    clientId: row.clientId,
    clientInfo: documentClient(row.clientInfo),
    totalAmount: moneyValue(row.totalAmount),
    paymentMethod: row.paymentMethod,
    transactionType: row.transactionType,
    referenceNumber: row.referenceNumber ?? '',
    verificationCode: row.verificationCode,
    currency: row.currency,
    exchangeRate: Number(row.exchangeRate),
    bankDetails: row.bankDetails
      ? {
          bankName: row.bankDetails.bankName ?? '',
          accountNumber: row.bankDetails.accountNumber ?? '',
          transactionId: row.bankDetails.transactionId ?? '',
        }
      : null,
    notes: row.notes ?? '',
    createdAt: row.createdAt.toISOString(),
    createdBy: created?.by ?? null,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: updated?.by ?? null,
  };
}

/** A receipt with its allocations, lines and history. */
export function presentReceipt(
  row: ReceiptRow,
  allocations: readonly ReceiptAllocationRow[],
): Receipt {
  return {
    ...presentReceiptSummary(row),
    paymentAllocations: allocations.map((allocation) => ({
      invoiceNumber: allocation.invoiceNumber,
      allocatedAmount: moneyValue(allocation.allocatedAmount),
      outstandingBefore: moneyValue(allocation.outstandingBefore),
      outstandingAfter: moneyValue(allocation.outstandingAfter),
    })),
    lineItems: row.lineItems.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      amount: item.amount,
      category: (item.category as Receipt['lineItems'][number]['category']) ?? null,
    })),
    auditLog: row.auditLog,
  };
}
