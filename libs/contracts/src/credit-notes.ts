import { z } from 'zod';
import {
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  moneyInputSchema,
  moneySchema,
  successResponse,
} from './fields';
import {
  invoiceClientInfoSchema,
  invoiceLineItemSchema,
  latestTodayIso,
  paymentFormMethods,
  paymentMethodSchema,
} from './invoices';
import { listQuerySchema, paginationSchema } from './pagination';
import { taxSummaryRowSchema, taxTypeSchema } from './tax';

/**
 * A credit note lowers what the client owes on an invoice; a debit note raises it; a refund note
 * records money paid back to the client out of the invoice's refund due.
 */
export const invoiceNoteKinds = ['credit', 'debit', 'refund'] as const;
export const invoiceNoteKindSchema = z.enum(invoiceNoteKinds);
export type InvoiceNoteKind = z.infer<typeof invoiceNoteKindSchema>;
/** The notes that move what an invoice owes (issued with lines or an amount and a tax type). */
export type AdjustmentNoteKind = Exclude<InvoiceNoteKind, 'refund'>;

export const invoiceNoteMessages = {
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be 500 characters or less',
  amountOrLines: 'Give an amount or at least one line',
  amountPositive: 'Amount must be greater than 0',
  descriptionRequired: 'Description is required',
  quantityPositive: 'Quantity must be at least 1',
  unitPricePositive: 'Unit price must be greater than 0',
  notFound: 'Credit or debit note not found',
  voided: 'This invoice is void: it takes no credit or debit notes',
  taxTypeNotOnInvoice: 'This tax type is not charged on the invoice',
  creditAboveOwed: (limit: string) =>
    `A credit note cannot exceed what the invoice still owes after earlier credit notes (${limit})`,
  creditIssued: 'Credit note issued',
  debitIssued: 'Debit note issued',
  refundIssued: 'Refund note issued',
  refundNotFound: 'Refund note not found',
  refundVoided: 'This invoice is void: it takes no refund notes',
  refundAmount: 'Refund amount is required and must be greater than 0',
  refundMethod: 'Refund method is required',
  refundDateRequired: 'Refund date is required',
  refundDateInFuture: 'Refund date cannot be in the future',
  refundAboveDue: (limit: string) =>
    `A refund note cannot exceed the refund still due on the invoice after earlier refund notes (${limit})`,
} as const;

const positiveMoney = (label: string, message: string) =>
  moneyInputSchema(label).refine((value) => value > 0, message);

/** One line of a note: priced like an invoice line, taxed at the invoice's rate for its type. */
export const invoiceNoteLineInputSchema = z.object({
  description: z.string().trim().min(1, invoiceNoteMessages.descriptionRequired).max(500),
  quantity: z.number().int().min(1, invoiceNoteMessages.quantityPositive).max(1_000_000),
  unitPrice: positiveMoney('Unit price', invoiceNoteMessages.unitPricePositive),
  taxType: taxTypeSchema.default('EXEMPT'),
});
export type InvoiceNoteLineInput = z.input<typeof invoiceNoteLineInputSchema>;

/**
 * POST /api/business/invoices/{id}/credit-notes and .../debit-notes: lines, or an amount (one
 * line named by the reason, taxed as `taxType`, exempt by default), and a reason.
 */
export const createInvoiceNoteBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, invoiceNoteMessages.reasonRequired)
      .max(500, invoiceNoteMessages.reasonTooLong),
    amount: positiveMoney('Amount', invoiceNoteMessages.amountPositive).optional(),
    taxType: taxTypeSchema.optional(),
    lines: z.array(invoiceNoteLineInputSchema).max(100).optional(),
  })
  .refine((body) => body.amount !== undefined || (body.lines?.length ?? 0) > 0, {
    message: invoiceNoteMessages.amountOrLines,
    path: ['amount'],
  });
export type CreateInvoiceNoteBody = z.input<typeof createInvoiceNoteBodySchema>;
/** The body as the route hands it to the service (parsed). */
export type CreateInvoiceNoteInput = z.output<typeof createInvoiceNoteBodySchema>;

/**
 * POST /api/business/invoices/{id}/refund-notes: money paid back to the client, at most the
 * invoice's refund still due (checked by the server), with how and when it was paid.
 */
export const createRefundNoteBodySchema = z.object({
  reason: z
    .string({ error: invoiceNoteMessages.reasonRequired })
    .trim()
    .min(1, invoiceNoteMessages.reasonRequired)
    .max(500, invoiceNoteMessages.reasonTooLong),
  amount: moneyInputSchema('Refund amount', { error: invoiceNoteMessages.refundAmount }).positive({
    error: invoiceNoteMessages.refundAmount,
  }),
  method: z.enum(paymentFormMethods, { error: invoiceNoteMessages.refundMethod }),
  refundDate: z
    .string({ error: invoiceNoteMessages.refundDateRequired })
    .trim()
    .min(1, { error: invoiceNoteMessages.refundDateRequired, abort: true })
    .pipe(z.iso.date({ error: invoiceNoteMessages.refundDateRequired }))
    .refine((date) => date <= latestTodayIso(), invoiceNoteMessages.refundDateInFuture),
  /** The bank transfer or cheque reference of the refund, if any. */
  reference: z.string().trim().max(100, 'Reference must be 100 characters or less').default(''),
});
export type CreateRefundNoteBody = z.input<typeof createRefundNoteBodySchema>;
/** The body as the route hands it to the service (parsed). */
export type CreateRefundNoteInput = z.output<typeof createRefundNoteBodySchema>;

/** How a refund note's money was paid back; null on credit and debit notes. */
export const refundPaymentSchema = z.object({
  method: paymentMethodSchema,
  /** The day the money was paid back (business day). */
  refundDate: isoDateSchema,
  reference: z.string(),
});
export type RefundPayment = z.infer<typeof refundPaymentSchema>;

/** A note's line as issued: like an invoice line, with its tax type, rate and amount. */
export const invoiceNoteLineSchema = invoiceLineItemSchema;
export type InvoiceNoteLine = z.infer<typeof invoiceNoteLineSchema>;

/** An issued credit, debit or refund note: append-only, never edited. */
export const invoiceNoteSchema = z.object({
  id: idSchema,
  kind: invoiceNoteKindSchema,
  noteNumber: z.string(),
  invoiceId: idSchema,
  invoiceNumber: z.string(),
  clientId: idSchema.nullable(),
  clientInfo: invoiceClientInfoSchema,
  issueDate: isoDateSchema,
  reason: z.string(),
  lineItems: z.array(invoiceNoteLineSchema),
  subtotal: moneySchema,
  taxAmount: moneySchema,
  totalAmount: moneySchema,
  taxSummary: z.array(taxSummaryRowSchema),
  /** What the invoice owed (total + debit notes - credit notes) once this note was issued. */
  invoiceOwedAfter: moneySchema,
  /** Validated money above what the invoice owed once this note was issued: to refund. */
  refundDue: moneySchema,
  /** A refund note's payment (method, date, reference); null on credit and debit notes. */
  refund: refundPaymentSchema.nullable(),
  createdBy: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type InvoiceNote = z.infer<typeof invoiceNoteSchema>;

/** GET /api/business/credit-notes, /api/business/debit-notes and /api/business/refund-notes. */
export const listInvoiceNotesQuerySchema = listQuerySchema({
  sortFields: ['issueDate', 'noteNumber', 'totalAmount', 'createdAt'],
  defaultSort: 'createdAt',
}).extend({
  clientId: idSchema.optional(),
  invoiceId: idSchema.optional(),
  /** Issue dates from and to (business days, both included). */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type ListInvoiceNotesQuery = z.infer<typeof listInvoiceNotesQuerySchema>;

export const listInvoiceNotesResponseSchema = successResponse({
  notes: z.array(invoiceNoteSchema),
  pagination: paginationSchema,
});
export type ListInvoiceNotesResponse = z.infer<typeof listInvoiceNotesResponseSchema>;

export const invoiceNoteResponseSchema = successResponse({ note: invoiceNoteSchema });
export type InvoiceNoteResponse = z.infer<typeof invoiceNoteResponseSchema>;

export const createInvoiceNoteResponseSchema = successResponse({
  message: z.string(),
  note: invoiceNoteSchema,
});
export type CreateInvoiceNoteResponse = z.infer<typeof createInvoiceNoteResponseSchema>;
