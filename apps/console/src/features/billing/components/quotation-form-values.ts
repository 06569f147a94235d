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

/** The quotation form: the create body (each line's tax rate comes from the settings). */
const formSchema = z.object({
  clientId: z.string().min(1, quotationMessages.clientRequired),
  quotationDate: z.iso.date('Quotation date is required'),
  validityDays: z.number(),
  paymentTerms: paymentTermsSchema,
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
  // Decided as the server does: the product's type, else the settings' default.
  taxType: null,
  licenceAction: null,
  renewalLicenceIds: [],
};

/** The form's values: a new quotation's defaults, or the quotation being edited. */
export function quotationFormValues(quotation: Quotation | null): QuotationForm {
  if (!quotation) {
    return {
      clientId: '',
      quotationDate: businessDay(new Date()),
      validityDays: defaultQuotationValidityDays,
      paymentTerms: 'NET_30',
      notes: '',
      items: [blankQuotationItem],
    };
  }
  return {
    clientId: quotation.clientId ?? '',
    quotationDate: quotation.quotationDate,
    validityDays: quotation.validityDays,
    paymentTerms: quotation.paymentTerms,
    notes: quotation.notes,
    items: quotation.items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      discount: item.discount,
      taxType: item.taxType,
      licenceAction: item.licenceAction,
      renewalLicenceIds: item.renewalLicenceIds,
    })),
  };
}
