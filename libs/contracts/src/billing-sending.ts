import { z } from 'zod';

export const convertQuotationMessages = {
  issueDate: 'Invoice date must be a valid date',
  dueDate: 'Due date must be a valid date',
  dueBeforeIssue: 'Due date cannot be before the invoice date',
} as const;

/**
 * PUT /api/business/quotations/{id}/convert-to-invoice: both optional; the invoice date defaults
 * to today and the due date to the invoice date plus the quotation's payment terms.
 */
export const convertQuotationBodySchema = z
  .object({
    issueDate: z.iso.date({ error: convertQuotationMessages.issueDate }).optional(),
    dueDate: z.iso.date({ error: convertQuotationMessages.dueDate }).optional(),
  })
  .refine((body) => !body.issueDate || !body.dueDate || body.dueDate >= body.issueDate, {
    path: ['dueDate'],
    error: convertQuotationMessages.dueBeforeIssue,
  });
export type ConvertQuotationBody = z.infer<typeof convertQuotationBodySchema>;

/** POST /api/business/invoices/{id}/share-link: a signed, expiring link to the PDF for WhatsApp. */
export const shareLinkResponseSchema = z.object({
  success: z.literal(true),
  url: z.url(),
  expiresAt: z.iso.datetime(),
  /** The client's mobile number in WhatsApp's digits-only form; null when it has none. */
  mobile: z.string().nullable(),
});
export type ShareLinkResponse = z.infer<typeof shareLinkResponseSchema>;

/** GET /api/public/invoices/{id}/pdf: the signed link's query, checked by the route, not here. */
export const sharedPdfQuerySchema = z.object({
  expires: z.string().max(20).default(''),
  signature: z.string().max(128).default(''),
});
export type SharedPdfQuery = z.infer<typeof sharedPdfQuerySchema>;

export const sharedLinkMessages = {
  invalid: 'This link is not valid. Ask the sender for a new one.',
  expired: 'This link has expired. Ask the sender for a new one.',
  voidNotShareable: 'This invoice is void: it cannot be shared with the client',
} as const;
