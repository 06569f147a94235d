import { defaultCompanySettings, type TaxType } from '@patrol/contracts';
import { calculateDocumentTotals, lineTaxType, taxRateOf } from '@patrol/domain';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { settingsQueryOptions } from '@/lib/company-settings-query';
import type { QuotationForm } from './quotation-form-values';
import { useProductPicker } from './use-product-picker';

/**
 * The quotation form's lines: the product picker, what picking a product or a tax type fills in,
 * and the totals computed exactly as the server will.
 */
export function useQuotationLines(
  control: Control<QuotationForm>,
  setValue: UseFormSetValue<QuotationForm>,
  open: boolean,
) {
  // Each line's rate is the company's for its tax type (Settings > Tax); the defaults until loaded.
  const settings = useQuery({ ...settingsQueryOptions(), enabled: open });
  const taxSettings = settings.data?.taxSettings ?? defaultCompanySettings.taxSettings;
  const items = useFieldArray({ control, name: 'items' });
  const watchedItems = useWatch({ control, name: 'items' });
  const products = useProductPicker(open);

  // Exactly the server's rule (libs/domain): each line's type from the line, its product or the
  // settings, at the settings' rate for it, so the figures shown are the figures saved.
  const totals = calculateDocumentTotals(
    (watchedItems ?? []).map((item) => {
      const product = products.options.find((candidate) => candidate.id === item.productId);
      const taxType = lineTaxType({ taxType: item.taxType, product }, taxSettings);
      return { ...item, taxType, taxRate: taxRateOf(taxType, taxSettings) };
    }),
  );

  const pickProduct = (index: number, productId: string) => {
    const product = products.pick(productId);
    setValue(`items.${index}.productId`, product?.id ?? null);
    // A licence product sells new keys unless the line is switched to a renewal.
    setValue(`items.${index}.licenceAction`, product?.category === 'licence' ? 'new_keys' : null);
    setValue(`items.${index}.renewalLicenceIds`, []);
    if (!product) return;
    setValue(`items.${index}.productName`, product.name, { shouldValidate: true });
    setValue(`items.${index}.description`, product.description);
    setValue(`items.${index}.unitPrice`, product.unitPrice, { shouldValidate: true });
    setValue(`items.${index}.taxType`, product.taxable ? product.taxType : 'EXEMPT');
  };

  const chooseTaxType = (index: number, taxType: TaxType) =>
    setValue(`items.${index}.taxType`, taxType, { shouldDirty: true });

  return { items, watchedItems, products, totals, pickProduct, chooseTaxType };
}
