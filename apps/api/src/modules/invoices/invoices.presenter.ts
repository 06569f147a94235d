import type { Invoice, InvoiceSummary, PaymentStatus } from '@patrol/contracts';
import {
  fromSen,
  invoiceBalance,
  parsePaymentCorrections,
  paymentStatusOn,
  toSen,
} from '@patrol/domain';
import { dayOf, documentClient, moneyValue, taxSummaryOf } from '../../db/column-values';
import type { InvoiceRow } from '../../db/schema';
import type { InvoiceParts } from './invoices.repo';

/** The payment status an invoice reads as on `today`: waiting for money past due is overdue. */
export function invoiceStatusOn(row: InvoiceRow, today: string): PaymentStatus {
  return paymentStatusOn({ ...row, dueDay: dayOf(row.dueDate) }, today);
}

/** An invoice as the list shows it: its figures and states, without its parts. */
export function presentInvoiceSummary(row: InvoiceRow, today: string): InvoiceSummary {
  const balance = invoiceBalance(
    toSen(row.totalAmount),
    [
      { amountSen: toSen(row.validatedAmount), status: 'validated' },
      {
        amountSen: toSen(row.paidAmount) - toSen(row.validatedAmount),
        status: 'pending_validation',
      },
    ],
    toSen(row.debitedAmount) - toSen(row.creditedAmount),
    toSen(row.refundedAmount),
  );
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    quotationId: row.quotationId,
    clientId: row.clientId,
    clientInfo: documentClient(row.clientInfo),
    issueDate: dayOf(row.issueDate),
    dueDate: dayOf(row.dueDate),
    paymentTerms: row.paymentTerms,
    subtotal: moneyValue(row.subtotal),
    taxAmount: moneyValue(row.taxAmount),
    discountAmount: moneyValue(row.discountAmount),
    totalAmount: moneyValue(row.totalAmount),
    paidAmount: moneyValue(row.paidAmount),
    validatedAmount: moneyValue(row.validatedAmount),
    awaitingValidationAmount: fromSen(toSen(row.paidAmount) - toSen(row.validatedAmount)),
    outstandingAmount: fromSen(balance.outstandingSen),
    creditedAmount: moneyValue(row.creditedAmount),
    debitedAmount: moneyValue(row.debitedAmount),
    refundedAmount: moneyValue(row.refundedAmount),
    refundDue: fromSen(balance.refundDueSen),
    paymentStatus: invoiceStatusOn(row, today),
    paymentValidationStatus: row.paymentValidationStatus,
    paymentValidationNotes: row.paymentValidationNotes,
    paymentRejectionReason: row.paymentRejectionReason,
    // Correction blocks are staff records (rejectionHistory); the notes are what the client reads.
    notes: parsePaymentCorrections(row.notes).otherNotes.trim(),
    isVoided: row.isVoided,
    status: row.isVoided ? 'voided' : row.status === 'sent' ? 'sent' : 'issued',
    sentAt: row.sentAt?.toISOString() ?? null,
    sentTo: row.sentTo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An invoice with its lines, payments and rejections (parts of other invoices are ignored). */
export function presentInvoice(row: InvoiceRow, parts: InvoiceParts, today: string): Invoice {
  const mine = <T extends { invoiceId: string }>(list: readonly T[]) =>
    list.filter((item) => item.invoiceId === row.id);
  const lineItems = mine(parts.lineItems);
  return {
    ...presentInvoiceSummary(row, today),
    lineItems: lineItems.map((item) => ({
      id: item.id,
      description: item.description,
      quantity: item.quantity,
      unitPrice: moneyValue(item.unitPrice),
      taxType: item.taxType,
      taxRate: Number(item.taxRate),
      taxAmount: moneyValue(item.taxAmount),
      lineTotal: moneyValue(item.lineTotal),
      licenceAction: item.licenceAction,
      renewalLicenceIds: item.renewalLicenceIds ?? [],
    })),
    taxSummary: taxSummaryOf(lineItems),
    paymentEntries: mine(parts.entries).map((entry) => ({
      id: entry.id,
      amount: moneyValue(entry.amount),
      paymentMethod: entry.paymentMethod,
      paymentDate: dayOf(entry.paymentDate),
      referenceNumber: entry.referenceNumber,
      status: entry.status,
      notes: entry.notes ?? '',
      receiptId: entry.receiptId,
      recordedAt: entry.createdAt.toISOString(),
      recordedById: entry.recordedBy,
      validatedAt: entry.validatedAt?.toISOString() ?? null,
      rejectedAt: entry.rejectedAt?.toISOString() ?? null,
      rejectedBy: entry.rejectedBy,
      rejectionReason: entry.rejectionReason,
    })),
    rejectionHistory: mine(parts.rejections).map((rejection) => ({
      rejectionNumber: rejection.rejectionNumber,
      rejectedBy: rejection.rejectedBy,
      rejectedAt: rejection.rejectedAt.toISOString(),
      rejectionReason: rejection.rejectionReason,
      validationNotes: rejection.validationNotes ?? '',
      clearedPaymentCount: rejection.clearedPaymentCount,
    })),
  };
}
