import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultQuotationValidityDays,
  paymentTermsSchema,
  quotationItemInputSchema,
  quotationMessages,
  type Quotation,
} from '@patrol/contracts';
import { businessDay } from '@patrol/domain';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

/** The quotation form: the create body, with the tax rate as the form shows it. */
const formSchema = z.object({
  clientId: z.string().min(1, quotationMessages.clientRequired),
  quotationDate: z.iso.date('Quotation date is required'),
  validityDays: z.number(),
  paymentTerms: paymentTermsSchema,
  /** The SST rate as the form shows it, in percent. */
  taxPercent: z.number('Tax rate must be between 0 and 100').min(0).max(100),
  notes: z.string().trim().max(5000),
  items: z.array(quotationItemInputSchema).min(1, quotationMessages.itemsRequired).max(100),
});

/** The quotation form as react-hook-form holds it. */
export type QuotationForm = z.input<typeof formSchema>;
export type QuotationFormItem = QuotationForm['items'][number];
export const quotationFormResolver = zodResolver(formSchema) as unknown as Resolver<QuotationForm>;

/** A new line (spec 3 section 5): quantity 1, unit price 0, no discount. */
export const blankQuotationItem: QuotationFormItem = {
  productId: null,
  productName: '',
  description: '',
  quantity: 1,
  unitPrice: 0,
  discount: 0,
};

/** The form's values: a new quotation's defaults, or the quotation being edited. */
export function quotationFormValues(
  quotation: Quotation | null,
  sstPercentage: number,
): QuotationForm {
  if (!quotation) {
    return {
      clientId: '',
      quotationDate: businessDay(new Date()),
      validityDays: defaultQuotationValidityDays,
      paymentTerms: 'NET_30',
      taxPercent: sstPercentage,
      notes: '',
      items: [blankQuotationItem],
    };
  }
  return {
    clientId: quotation.clientId ?? '',
    quotationDate: quotation.quotationDate,
    validityDays: quotation.validityDays,
    paymentTerms: quotation.paymentTerms,
    taxPercent: Math.round(quotation.taxRate * 10_000) / 100,
    notes: quotation.notes,
    items: quotation.items.map(
      ({ productId, productName, description, quantity, unitPrice, discount }) => ({
        productId,
        productName,
        description,
        quantity,
        unitPrice,
        discount,
      }),
    ),
  };
}
