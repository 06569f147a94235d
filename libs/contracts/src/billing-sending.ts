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
