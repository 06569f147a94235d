import type { InvoiceNote } from '@patrol/contracts';
import { dayOf, documentClient, moneyValue, taxSummaryOf } from '../../db/column-values';
import type { InvoiceNoteRow } from '../../db/schema';

/** A stored credit, debit or refund note as the API answers it. */
export function presentInvoiceNote(row: InvoiceNoteRow): InvoiceNote {
  return {
    id: row.id,
    kind: row.kind,
    noteNumber: row.noteNumber,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    clientId: row.clientId,
    clientInfo: documentClient(row.clientInfo),
    issueDate: dayOf(row.issueDate),
    reason: row.reason,
    lineItems: row.lineItems,
    subtotal: moneyValue(row.subtotal),
    taxAmount: moneyValue(row.taxAmount),
    totalAmount: moneyValue(row.totalAmount),
    taxSummary: taxSummaryOf(
      row.lineItems.map((line) => ({
        taxType: line.taxType,
        taxRate: String(line.taxRate),
        lineTotal: String(line.lineTotal),
        taxAmount: String(line.taxAmount),
      })),
    ),
    invoiceOwedAfter: moneyValue(row.invoiceOwedAfter),
    refundDue: moneyValue(row.refundDue),
    refund:
      row.kind === 'refund' && row.refundMethod && row.refundDate
        ? {
            method: row.refundMethod,
            refundDate: dayOf(row.refundDate),
            reference: row.refundReference ?? '',
          }
        : null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}
