import type { Product, TaxType } from '@patrol/contracts';
import type { DocumentTotals } from '@patrol/domain';
import { PlusIcon } from 'lucide-react';
import type {
  FieldErrors,
  UseFieldArrayReturn,
  UseFormRegister,
  UseFormSetValue,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  blankQuotationItem,
  type QuotationForm,
  type QuotationFormItem,
} from './quotation-form-values';
import { QuotationItemRow } from './quotation-item-row';

type QuotationItemsFieldsetProps = {
  items: UseFieldArrayReturn<QuotationForm, 'items'>;
  /** The lines as typed so far, for the product each one picked. */
  watchedItems: QuotationFormItem[] | undefined;
  /** Each line's total and tax, computed as the server will. */
  lines: DocumentTotals['lines'];
  register: UseFormRegister<QuotationForm>;
  setValue: UseFormSetValue<QuotationForm>;
  /** The chosen client's business id, for the keys a renewal line may name. */
  companyId: string | undefined;
  errors: FieldErrors<QuotationForm>;
  /** The active catalogue products a line may pick. */
  products: readonly Product[] | undefined;
  /** The product search, sent to the server as typed. */
  productSearch: string;
  onProductSearch: (search: string) => void;
  onPickProduct: (index: number, productId: string) => void;
  onChooseTaxType: (index: number, taxType: TaxType) => void;
};

/** The quotation form's lines: a product or a custom item each, with its line total. */
export function QuotationItemsFieldset({
  items,
  watchedItems,
  lines,
  register,
  setValue,
  companyId,
  errors,
  products,
  productSearch,
  onProductSearch,
  onPickProduct,
  onChooseTaxType,
}: QuotationItemsFieldsetProps) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Items</legend>
      <Input
        type="search"
        aria-label="Search products"
        placeholder="Search products by name or ID..."
        value={productSearch}
        onChange={(event) => onProductSearch(event.target.value)}
      />
      {items.fields.map((item, index) => (
        <QuotationItemRow
          key={item.id}
          index={index}
          item={watchedItems?.[index]}
          line={lines[index]}
          itemErrors={errors.items?.[index]}
          register={register}
          setValue={setValue}
          companyId={companyId}
          products={products}
          onlyLine={items.fields.length === 1}
          onRemove={() => items.remove(index)}
          onPickProduct={onPickProduct}
          onChooseTaxType={onChooseTaxType}
        />
      ))}
      {errors.items?.message && <p className="text-sm text-destructive">{errors.items.message}</p>}
      {errors.items?.root?.message && (
        <p className="text-sm text-destructive">{errors.items.root.message}</p>
      )}
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        onClick={() => items.append(blankQuotationItem)}
      >
        <PlusIcon aria-hidden="true" />
        Add Item
      </Button>
    </fieldset>
  );
}
