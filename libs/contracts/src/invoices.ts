import { z } from 'zod';
import {
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  moneyInputSchema,
  moneySchema,
  requiredString,
  successResponse,
} from './fields';
import { lineLicenceShape } from './licence-billing';
import { listQuerySchema, paginationSchema } from './pagination';
import { paymentTermsSchema, quotationSchema } from './quotations';
import { taxSummaryRowSchema, taxTypes } from './tax';

/** Invoice payment states (spec 3 section 4). */
export const paymentStatuses = [
  'unpaid',
  'pending',
  'partial',
  'paid',
  'overpaid',
  'overdue',
  'cancelled',
  'refunded',
] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** The validation step after an invoice is fully paid (spec 3 section 4). */
export const paymentValidationStatuses = [
  'none',
  'pending_validation',
  'validated',
  'validation_rejected',
] as const;
export const paymentValidationStatusSchema = z.enum(paymentValidationStatuses);
export type PaymentValidationStatus = z.infer<typeof paymentValidationStatusSchema>;

/** Every payment method a receipt can carry (spec 3 section 4) plus the dialog's online_payment. */
export const paymentMethods = [
  'bank_transfer',
  'credit_card',
  'debit_card',
  'cash',
  'cheque',
  'online_banking',
  'online_payment',
  'e_wallet',
  'multiple_methods',
] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** The methods offered in the Process Payment dialog; bank_transfer is the default. */
export const paymentFormMethods = [
  'bank_transfer',
  'cheque',
  'cash',
  'credit_card',
  'online_payment',
] as const satisfies readonly PaymentMethod[];

/** Invoice lifecycle apart from payment: voided when reverted to its quotation. */
export const invoiceStatuses = ['issued', 'sent', 'voided'] as const;
export const invoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** Due-status filter of the invoices tab; due_soon is within 7 days. */
export const dueStatuses = ['due_today', 'overdue', 'due_soon'] as const;
export const dueStatusSchema = z.enum(dueStatuses);
export type DueStatus = z.infer<typeof dueStatusSchema>;

/** Date-range filter of the invoices and receipts tabs. */
export const billingDateRanges = ['today', 'week', 'month', 'quarter'] as const;
export const billingDateRangeSchema = z.enum(billingDateRanges);
export type BillingDateRange = z.infer<typeof billingDateRangeSchema>;

/** A payment entry is appended once and never deleted: a rejection marks it rejected. */
export const paymentEntryStatuses = ['pending_validation', 'validated', 'rejected'] as const;
export type PaymentEntryStatus = (typeof paymentEntryStatuses)[number];

/** Payment and validation messages (spec 3 section 5). */
export const paymentMessages = {
  amount: 'Payment amount is required and must be greater than 0',
  method: 'Payment method is required',
  reference: 'Reference number is required',
  dateRequired: 'Payment date is required',
  dateInFuture: 'Payment date cannot be in the future',
  rejectionReason: 'Rejection reason is required',
  /** The two-person rule (issue 23): recorder and validator differ unless the company allows one. */
  secondPerson: 'A payment must be validated by someone other than the person who recorded it',
  entryNotFound: 'Payment not found',
  entryNotPending: 'Only a payment awaiting validation can be validated or rejected',
} as const;

export const invoiceClientInfoSchema = z.object({
  companyName: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
});
export type InvoiceClientInfo = z.infer<typeof invoiceClientInfoSchema>;

export const invoiceLineItemSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: moneySchema,
  /** The line's tax as issued: its type, rate (a fraction, e.g. 0.08) and amount. */
  taxType: z.enum(taxTypes),
  taxRate: z.number(),
  taxAmount: moneySchema,
  lineTotal: moneySchema,
});
export type InvoiceLineItem = z.infer<typeof invoiceLineItemSchema>;

/** An invoice's own line: its id and, carried from the quotation, its licence action and keys. */
export const invoiceLineSchema = invoiceLineItemSchema.extend({
  id: idSchema,
  ...lineLicenceShape,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const paymentEntrySchema = z.object({
  id: idSchema,
  amount: moneySchema,
  paymentMethod: paymentMethodSchema,
  paymentDate: isoDateSchema,
  referenceNumber: z.string(),
  status: z.enum(paymentEntryStatuses),
  notes: z.string(),
  /** The receipt issued for this payment. */
  receiptId: idSchema.nullable(),
  recordedAt: isoDateTimeSchema,
  /** Who recorded it: the two-person rule compares this with the validator. */
  recordedById: idSchema.nullable(),
  validatedAt: isoDateTimeSchema.nullable(),
  /** Staff screens only: who rejected it, when and why (never on a client's PDF). */
  rejectedAt: isoDateTimeSchema.nullable(),
  rejectedBy: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type PaymentEntry = z.infer<typeof paymentEntrySchema>;

/** One rejection of an invoice's payments (spec 3 section 3). */
export const rejectionRecordSchema = z.object({
  /** 1 for the first rejection of this invoice, then 2, 3... */
  rejectionNumber: z.number().int().min(1),
  /** Full name, else username, else 'Unknown User'. */
  rejectedBy: z.string(),
  rejectedAt: isoDateTimeSchema,
  rejectionReason: z.string(),
  validationNotes: z.string(),
  clearedPaymentCount: z.number().int(),
});
export type RejectionRecord = z.infer<typeof rejectionRecordSchema>;

/**
 * An invoice (spec 3 section 3). paidAmount is every payment recorded and not rejected;
 * validatedAmount the part validated (collected), awaitingValidationAmount the rest;
 * outstandingAmount = max(0, totalAmount - paidAmount).
 */
export const invoiceSchema = z.object({
  id: idSchema,
  invoiceNumber: z.string(),
  quotationId: idSchema.nullable(),
  /** Null once the client is deleted; the document keeps its copy in clientInfo. */
  clientId: idSchema.nullable(),
  clientInfo: invoiceClientInfoSchema,
  issueDate: isoDateSchema,
  dueDate: isoDateSchema,
  paymentTerms: paymentTermsSchema,
  lineItems: z.array(invoiceLineSchema),
  /** After the line discounts (`discountAmount`). */
  subtotal: moneySchema,
  taxAmount: moneySchema,
  discountAmount: moneySchema,
  totalAmount: moneySchema,
  /** Tax per type and rate, as issued; exempt lines included (with no tax). */
  taxSummary: z.array(taxSummaryRowSchema),
  paidAmount: moneySchema,
  validatedAmount: moneySchema,
  awaitingValidationAmount: moneySchema,
  outstandingAmount: moneySchema,
  /** Credit notes and debit notes issued against the invoice: what is owed moves by them. */
  creditedAmount: moneySchema,
  debitedAmount: moneySchema,
  /** Refund notes issued against the invoice: validated money paid back to the client. */
  refundedAmount: moneySchema,
  /** Validated money above what is now owed (after credit notes), less refund notes: still to refund. */
  refundDue: moneySchema,
  paymentStatus: paymentStatusSchema,
  paymentValidationStatus: paymentValidationStatusSchema,
  paymentValidationNotes: z.string().nullable(),
  paymentRejectionReason: z.string().nullable(),
  paymentEntries: z.array(paymentEntrySchema),
  rejectionHistory: z.array(rejectionRecordSchema),
  /** The client-facing notes; rejections live in rejectionHistory, never here. */
  notes: z.string(),
  isVoided: z.boolean(),
  status: invoiceStatusSchema,
  /** When the invoice was last sent, and the address it was e-mailed to (null: only marked). */
  sentAt: isoDateTimeSchema.nullable(),
  sentTo: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET /api/business/invoices. */
export const listInvoicesQuerySchema = listQuerySchema({
  sortFields: ['issueDate', 'dueDate', 'invoiceNumber', 'totalAmount', 'createdAt'],
  defaultSort: 'createdAt',
}).extend({
  paymentStatus: paymentStatusSchema.optional(),
  paymentValidationStatus: paymentValidationStatusSchema.optional(),
  dateRange: billingDateRangeSchema.optional(),
  dueStatus: dueStatusSchema.optional(),
  clientId: idSchema.optional(),
});
export type ListInvoicesQuery = z.infer<typeof listInvoicesQuerySchema>;

/** An invoice as the list shows it: without its lines, tax summary, payments and rejections. */
export const invoiceSummarySchema = invoiceSchema.omit({
  lineItems: true,
  taxSummary: true,
  paymentEntries: true,
  rejectionHistory: true,
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const listInvoicesResponseSchema = successResponse({
  invoices: z.array(invoiceSummarySchema),
  pagination: paginationSchema,
});
export type ListInvoicesResponse = z.infer<typeof listInvoicesResponseSchema>;

/** GET /api/business/invoices/{id}: the invoice whole, as its details show it. */
export const getInvoiceResponseSchema = successResponse({ invoice: invoiceSchema });
export type GetInvoiceResponse = z.infer<typeof getInvoiceResponseSchema>;

/** Process payment, send, validate and reject answer the invoice as it now is. */
export const invoiceResponseSchema = successResponse({
  message: z.string(),
  invoice: invoiceSchema,
});
export type InvoiceResponse = z.infer<typeof invoiceResponseSchema>;

/**
 * Today's date in the timezone furthest ahead (UTC+14), so a payment dated "today" anywhere is
 * never refused as future.
 */
export function latestTodayIso(): string {
  return new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** PUT /api/business/invoices/{id}/process-payment (the Process Payment form). */
export const processPaymentBodySchema = z.object({
  amount: moneyInputSchema('Payment amount', { error: paymentMessages.amount }).positive({
    error: paymentMessages.amount,
  }),
  paymentMethod: z.enum(paymentFormMethods, { error: paymentMessages.method }),
  referenceNumber: requiredString(paymentMessages.reference, {
    max: 100,
    label: 'Reference number',
  }),
  paymentDate: z
    .string({ error: paymentMessages.dateRequired })
    .trim()
    .min(1, { error: paymentMessages.dateRequired, abort: true })
    .pipe(z.iso.date({ error: paymentMessages.dateRequired }))
    .refine((date) => date <= latestTodayIso(), paymentMessages.dateInFuture),
  notes: z.string().trim().max(2000).default(''),
});
export type ProcessPaymentBody = z.infer<typeof processPaymentBodySchema>;

/** PUT /api/invoices/{id}/validate-payment: remarks optional. */
export const validatePaymentBodySchema = z.object({
  validationNotes: z.string().trim().max(2000).default(''),
});
export type ValidatePaymentBody = z.infer<typeof validatePaymentBodySchema>;

/** Path of the per-payment calls: the invoice and one of its payment entries. */
export const paymentEntryParamsSchema = z.object({ id: idSchema, paymentId: idSchema });
export type PaymentEntryParams = z.infer<typeof paymentEntryParamsSchema>;

/** PUT /api/invoices/{id}/reject-payment. */
export const rejectPaymentBodySchema = z.object({
  rejectionReason: requiredString(paymentMessages.rejectionReason, {
    max: 1000,
    label: 'Rejection reason',
  }),
  validationNotes: z.string().trim().max(2000).default(''),
});
export type RejectPaymentBody = z.infer<typeof rejectPaymentBodySchema>;

/** PUT /api/business/quotations/{id}/convert-to-invoice. */
export const convertQuotationResponseSchema = successResponse({
  message: z.string(),
  invoice: invoiceSchema,
  quotation: quotationSchema,
});
export type ConvertQuotationResponse = z.infer<typeof convertQuotationResponseSchema>;

/** POST /api/business/invoices/{id}/revert: the voided invoice and the quotation, accepted again. */
export const revertInvoiceResponseSchema = convertQuotationResponseSchema;
export type RevertInvoiceResponse = ConvertQuotationResponse;
