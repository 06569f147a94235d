import { z } from 'zod';
import { moneySchema } from './fields';

/** A line's tax: SST sales tax (goods), SST service tax (services) or exempt (no tax). */
export const taxTypes = ['SALES_TAX', 'SERVICE_TAX', 'EXEMPT'] as const;
export type TaxType = (typeof taxTypes)[number];
/** A tax type; the earlier single 'SST' value reads as service tax (its rate was the 8% one). */
export const taxTypeSchema = z.preprocess(
  (value) => (value === 'SST' ? 'SERVICE_TAX' : value),
  z.enum(taxTypes),
);

/** How documents name each tax type. */
export const taxTypeLabels: Record<TaxType, string> = {
  SALES_TAX: 'SST sales tax',
  SERVICE_TAX: 'SST service tax',
  EXEMPT: 'Exempt',
};

/**
 * The Royal Malaysian Customs SST registration number: a letter and two digits, four digits and
 * eight digits, joined by hyphens ('W10-1808-31012345').
 */
export const sstRegistrationNumberPattern = /^[A-Z]\d{2}-\d{4}-\d{8}$/;

/** One row of a document's tax summary: a tax type at one rate. */
export const taxSummaryRowSchema = z.object({
  taxType: z.enum(taxTypes),
  /** Fraction, e.g. 0.08. */
  taxRate: z.number(),
  /** The lines' amount (after their discounts) the tax is charged on. */
  taxableAmount: moneySchema,
  taxAmount: moneySchema,
});
export type TaxSummaryRow = z.infer<typeof taxSummaryRowSchema>;
