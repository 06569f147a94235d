import { z } from 'zod';
import {
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  messageResponseSchema,
  moneyInputSchema,
  moneySchema,
  requiredId,
  requiredString,
  successResponse,
} from './fields';
import { lineLicenceInputShape, lineLicenceIssues, lineLicenceShape } from './licence-billing';
import { defaultQuotationValidityDays, quotationValidityDays } from './limits';
import { listQuerySchema, paginationSchema } from './pagination';
import { taxSummaryRowSchema, taxTypes } from './tax';

/** Quotation states (spec 3 section 4). converted and closed are final. */
export const quotationStatuses = [
  'draft',
  'sent',
  'accepted',
  'rejected',
  'closed',
  'expired',
  'converted',
] as const;
export const quotationStatusSchema = z.enum(quotationStatuses);
export type QuotationStatus = z.infer<typeof quotationStatusSchema>;

/** Payment terms of quotations and invoices; NET_30 by default (spec 3 section 9). */
export const paymentTerms = [
  'NET_15',
  'NET_30',
  'NET_45',
  'NET_60',
  'CASH_ON_DELIVERY',
  'ADVANCE_PAYMENT',
] as const;
export const paymentTermsSchema = z.enum(paymentTerms);
export type PaymentTerms = z.infer<typeof paymentTermsSchema>;

export const quotationMessages = {
  clientRequired: 'Please select a client',
  itemsRequired: 'Add at least one item',
  itemNameRequired: 'Item name is required',
  quantity: 'Quantity must be at least 1',
  unitPrice: 'Unit price must be 0 or more',
  discount: 'Discount must be between 0 and 100',
  validityDays: 'Choose a validity of 7, 14, 21, 30, 45, 60 or 90 days',
} as const;

/** The billing copy of the client's details, kept on the document as issued. */
export const quotationClientInfoSchema = z.object({
  companyName: z.string(),
  contactPerson: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type QuotationClientInfo = z.infer<typeof quotationClientInfoSchema>;

/** A quotation line: lineTotal = quantity x unitPrice x (1 - discount/100). */
export const quotationItemSchema = z.object({
  id: idSchema,
  /** The catalogue product's row id, when the line was picked from the catalogue. */
  productId: idSchema.nullable(),
  productName: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: moneySchema,
  /** Percent, 0 to 100. */
  discount: z.number(),
  lineTotal: moneySchema,
  /** The line's tax as issued: its type, its rate (a fraction) and its share of that rate's tax. */
  taxType: z.enum(taxTypes),
  taxRate: z.number(),
  taxAmount: moneySchema,
  /** On a licence product's line: "new keys" or "renewal of" renewalLicenceIds; null otherwise. */
  ...lineLicenceShape,
});
export type QuotationItem = z.infer<typeof quotationItemSchema>;

/** A quotation (spec 3 section 3); totals are computed by the server. */
export const quotationSchema = z.object({
  id: idSchema,
  quotationNumber: z.string(),
  /** Null once the client is deleted; the document keeps its copy in clientInfo. */
  clientId: idSchema.nullable(),
  clientInfo: quotationClientInfoSchema,
  quotationDate: isoDateSchema,
  validUntil: isoDateSchema,
  validityDays: z.number().int(),
  paymentTerms: paymentTermsSchema,
  items: z.array(quotationItemSchema),
  notes: z.string(),
  /**
   * Fraction, e.g. 0.08: the rate of the taxed lines when they share one, the highest when they
   * do not, 0 when none is taxed. `taxSummary` has each rate.
   */
  taxRate: z.number(),
  /** What the line discounts took off; `subtotal` is already after it. */
  discountAmount: moneySchema,
  subtotal: moneySchema,
  taxAmount: moneySchema,
  totalAmount: moneySchema,
  /** Tax per type and rate, exempt lines included (with no tax). */
  taxSummary: z.array(taxSummaryRowSchema),
  status: quotationStatusSchema,
  /** The invoice this quotation was converted to. */
  invoiceId: idSchema.nullable(),
  /** When the quotation was last sent, and the address it was e-mailed to (null: only marked). */
  sentAt: isoDateTimeSchema.nullable(),
  sentTo: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Quotation = z.infer<typeof quotationSchema>;

/** A line as the quotation form sends it. */
export const quotationItemInputSchema = z
  .object({
    productId: idSchema.nullable().optional(),
    productName: requiredString(quotationMessages.itemNameRequired, {
      max: 200,
      label: 'Item name',
    }),
    description: z.string().trim().max(1000).default(''),
    quantity: z.number().int(quotationMessages.quantity).min(1, quotationMessages.quantity),
    unitPrice: moneyInputSchema('Unit price').min(0, quotationMessages.unitPrice),
    discount: z
      .number()
      .min(0, quotationMessages.discount)
      .max(100, quotationMessages.discount)
      .default(0),
    /** Chosen on the line; else the product's type, else the settings' default tax type. */
    taxType: z.enum(taxTypes).nullable().optional(),
    /** Required on a licence product's line (the server checks the product and the keys). */
    ...lineLicenceInputShape,
  })
  .superRefine((line, context) => {
    for (const issue of lineLicenceIssues(line)) {
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
export type QuotationItemInput = z.infer<typeof quotationItemInputSchema>;

const quotationFormShape = {
  clientId: requiredId(quotationMessages.clientRequired),
  quotationDate: isoDateSchema,
  validityDays: z
    .number()
    .refine(
      (days) => (quotationValidityDays as readonly number[]).includes(days),
      quotationMessages.validityDays,
    ),
  paymentTerms: paymentTermsSchema,
  items: z.array(quotationItemInputSchema).min(1, quotationMessages.itemsRequired).max(100),
  notes: z.string().trim().max(5000),
  /** Ignored: each line's rate comes from the settings for its tax type when it is saved. */
  taxRate: z.number().min(0).max(1),
  /** Ignored: the discount is what the line discounts take off. */
  discountAmount: moneyInputSchema('Discount amount').min(0),
};

/** POST /api/business/quotations. */
export const createQuotationBodySchema = z.object({
  ...quotationFormShape,
  quotationDate: isoDateSchema.optional(),
  validityDays: quotationFormShape.validityDays.default(defaultQuotationValidityDays),
  paymentTerms: paymentTermsSchema.default('NET_30'),
  notes: quotationFormShape.notes.default(''),
  taxRate: quotationFormShape.taxRate.optional(),
  discountAmount: quotationFormShape.discountAmount.default(0),
});
export type CreateQuotationBody = z.infer<typeof createQuotationBodySchema>;

/** PUT /api/business/quotations/{id}: only the changed fields. */
export const updateQuotationBodySchema = z.object(quotationFormShape).partial();
export type UpdateQuotationBody = z.infer<typeof updateQuotationBodySchema>;

/** PUT /api/business/quotations/{id}/status; the server checks the transition. */
export const updateQuotationStatusBodySchema = z.object({ status: quotationStatusSchema });
export type UpdateQuotationStatusBody = z.infer<typeof updateQuotationStatusBodySchema>;

/** GET /api/business/quotations; search matches number, client and the invoice number. */
export const listQuotationsQuerySchema = listQuerySchema({
  sortFields: ['quotationDate', 'quotationNumber', 'validUntil', 'totalAmount', 'createdAt'],
  defaultSort: 'createdAt',
}).extend({
  status: quotationStatusSchema.optional(),
  clientId: idSchema.optional(),
});
export type ListQuotationsQuery = z.infer<typeof listQuotationsQuerySchema>;

/** A quotation as the list shows it: without its lines and tax summary. */
export const quotationSummarySchema = quotationSchema.omit({ items: true, taxSummary: true });
export type QuotationSummary = z.infer<typeof quotationSummarySchema>;

export const listQuotationsResponseSchema = successResponse({
  quotations: z.array(quotationSummarySchema),
  pagination: paginationSchema,
});
export type ListQuotationsResponse = z.infer<typeof listQuotationsResponseSchema>;

/** GET /api/business/quotations/{id}: the quotation whole, as its details and edit form show it. */
export const getQuotationResponseSchema = successResponse({ quotation: quotationSchema });
export type GetQuotationResponse = z.infer<typeof getQuotationResponseSchema>;

/** Create, update, status, send and revert answer the quotation as it now is. */
export const quotationResponseSchema = successResponse({
  message: z.string(),
  quotation: quotationSchema,
});
export type QuotationResponse = z.infer<typeof quotationResponseSchema>;

/** DELETE /api/business/quotations/{id}. */
export const deleteQuotationResponseSchema = messageResponseSchema;
