import { z } from 'zod';
import { idSchema, isoDateSchema, isoDateTimeSchema, moneySchema, successResponse } from './fields';
import { billingDateRangeSchema, paymentMethodSchema } from './invoices';
import { listQuerySchema, paginationSchema } from './pagination';
import { productCategorySchema } from './products';

/** Receipt transaction types (spec 3 section 4). */
export const transactionTypes = [
  'full_payment',
  'partial_payment',
  'overpayment',
  'advance_payment',
  'refund',
] as const;
export const transactionTypeSchema = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

/** How much of a payment went to one invoice. */
export const paymentAllocationSchema = z.object({
  invoiceNumber: z.string(),
  allocatedAmount: moneySchema,
  outstandingBefore: moneySchema,
  outstandingAfter: moneySchema,
});
export type PaymentAllocation = z.infer<typeof paymentAllocationSchema>;

export const receiptLineItemSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: moneySchema,
  amount: moneySchema,
  category: productCategorySchema.nullable(),
});
export type ReceiptLineItem = z.infer<typeof receiptLineItemSchema>;

export const receiptAuditEntrySchema = z.object({
  action: z.enum(['created', 'updated']),
  at: isoDateTimeSchema,
  /** Display name of who did it. */
  by: z.string(),
  metadata: z.object({ paymentMethods: z.array(paymentMethodSchema).optional() }),
});
export type ReceiptAuditEntry = z.infer<typeof receiptAuditEntrySchema>;

/** A payment receipt, issued by the server when a payment is recorded (spec 3 section 3). */
export const receiptSchema = z.object({
  id: idSchema,
  receiptNumber: z.string(),
  invoiceNumbers: z.array(z.string()),
  paymentDate: isoDateSchema,
  /** Null once the client is deleted; the document keeps its copy in clientInfo. */
  clientId: idSchema.nullable(),
  clientInfo: z.object({
    companyName: z.string(),
    contactPerson: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
  }),
  totalAmount: moneySchema,
  paymentMethod: paymentMethodSchema,
  transactionType: transactionTypeSchema,
  referenceNumber: z.string(),
  /** Short code printed on the receipt so a copy can be checked against the record. */
  verificationCode: z.string(),
  currency: z.string(),
  exchangeRate: z.number(),
  paymentAllocations: z.array(paymentAllocationSchema),
  lineItems: z.array(receiptLineItemSchema),
  bankDetails: z
    .object({ bankName: z.string(), accountNumber: z.string(), transactionId: z.string() })
    .nullable(),
  notes: z.string(),
  auditLog: z.array(receiptAuditEntrySchema),
  createdAt: isoDateTimeSchema,
  createdBy: z.string().nullable(),
  updatedAt: isoDateTimeSchema,
  updatedBy: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** GET /api/business/receipts (list only; receipts are never created by hand). */
export const listReceiptsQuerySchema = listQuerySchema({
  sortFields: ['paymentDate', 'receiptNumber', 'totalAmount', 'createdAt'],
  defaultSort: 'createdAt',
}).extend({
  paymentMethod: paymentMethodSchema.optional(),
  transactionType: transactionTypeSchema.optional(),
  dateRange: billingDateRangeSchema.optional(),
  clientId: idSchema.optional(),
});
export type ListReceiptsQuery = z.infer<typeof listReceiptsQuerySchema>;

/** Figures over every receipt matching the filters, not just the page. */
export const receiptStatisticsSchema = z.object({
  total: z.number().int(),
  thisMonth: z.number().int(),
  totalAmount: moneySchema,
});
export type ReceiptStatistics = z.infer<typeof receiptStatisticsSchema>;

/** A receipt as the list shows it: without its allocations, lines and history. */
export const receiptSummarySchema = receiptSchema.omit({
  paymentAllocations: true,
  lineItems: true,
  auditLog: true,
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

export const listReceiptsResponseSchema = successResponse({
  receipts: z.array(receiptSummarySchema),
  pagination: paginationSchema,
  statistics: receiptStatisticsSchema,
});
export type ListReceiptsResponse = z.infer<typeof listReceiptsResponseSchema>;

/** GET /api/business/receipts/{id}: the receipt whole, as its details show it. */
export const receiptResponseSchema = successResponse({ receipt: receiptSchema });
export type ReceiptResponse = z.infer<typeof receiptResponseSchema>;
