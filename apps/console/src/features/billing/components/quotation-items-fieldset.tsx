import { taxTypeLabels, taxTypes, type Product, type TaxType } from '@patrol/contracts';
import { formatMoney, ratePercentText, type DocumentTotals } from '@patrol/domain';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import type {
  FieldErrors,
  UseFieldArrayReturn,
  UseFormRegister,
  UseFormSetValue,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { LicenceLineFields } from './licence-line-fields';
import {
  blankQuotationItem,
  type QuotationForm,
  type QuotationFormItem,
} from './quotation-form-values';

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
      {items.fields.map((item, index) => {
        const itemErrors = errors.items?.[index];
        const line = lines[index];
        return (
          <div key={item.id} className="grid gap-2 rounded-md border p-3">
            <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
              <NativeSelect
                aria-label={`Item ${index + 1} product`}
                value={watchedItems?.[index]?.productId ?? ''}
                onChange={(event) => onPickProduct(index, event.target.value)}
              >
                <option value="">Custom item (no catalogue product)</option>
                {pickedElsewhere(watchedItems?.[index], products) && (
                  <option value={watchedItems![index]!.productId!}>
                    {watchedItems![index]!.productName}
                  </option>
                )}
                {products?.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.name} ({formatMoney(product.unitPrice)})
                  </option>
                ))}
              </NativeSelect>
              <Input
                aria-label={`Item ${index + 1} name`}
                placeholder="Item name"
                aria-invalid={itemErrors?.productName ? true : undefined}
                {...register(`items.${index}.productName`)}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove item ${index + 1}`}
                onClick={() => items.remove(index)}
                disabled={items.fields.length === 1}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </div>
            <Input
              aria-label={`Item ${index + 1} description`}
              placeholder="Description (optional)"
              {...register(`items.${index}.description`)}
            />
            {isLicenceLine(watchedItems?.[index], products) && (
              <LicenceLineFields
                index={index}
                companyId={companyId}
                action={watchedItems?.[index]?.licenceAction}
                chosen={watchedItems?.[index]?.renewalLicenceIds ?? []}
                error={itemErrors?.renewalLicenceIds?.message ?? itemErrors?.licenceAction?.message}
                register={register}
                setValue={setValue}
              />
            )}
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
              <label className="grid gap-1 text-xs text-muted-foreground">
                Quantity
                <Input
                  className="text-foreground"
                  type="number"
                  min={1}
                  step={1}
                  aria-invalid={itemErrors?.quantity ? true : undefined}
                  {...register(`items.${index}.quantity`, { valueAsNumber: true })}
                />
              </label>
              <label className="grid gap-1 text-xs text-muted-foreground">
                Unit price (RM)
                <Input
                  className="text-foreground"
                  type="number"
                  min={0}
                  step={0.01}
                  aria-invalid={itemErrors?.unitPrice ? true : undefined}
                  {...register(`items.${index}.unitPrice`, { valueAsNumber: true })}
                />
              </label>
              <label className="grid gap-1 text-xs text-muted-foreground">
                Discount (%)
                <Input
                  className="text-foreground"
                  type="number"
                  min={0}
                  max={100}
                  step={0.01}
                  aria-invalid={itemErrors?.discount ? true : undefined}
                  {...register(`items.${index}.discount`, { valueAsNumber: true })}
                />
              </label>
              <label className="grid gap-1 text-xs text-muted-foreground">
                Tax
                <NativeSelect
                  className="text-foreground"
                  value={line?.taxType ?? 'EXEMPT'}
                  onChange={(event) => onChooseTaxType(index, event.target.value as TaxType)}
                >
                  {taxTypes.map((type) => (
                    <option key={type} value={type}>
                      {type === line?.taxType && type !== 'EXEMPT'
                        ? `${taxTypeLabels[type]} ${ratePercentText(line.taxRate)}`
                        : taxTypeLabels[type]}
                    </option>
                  ))}
                </NativeSelect>
              </label>
              <div className="grid gap-1 text-xs text-muted-foreground">
                Line total
                <output className="flex h-9 items-center justify-end font-medium text-foreground tabular-nums">
                  {formatMoney((line?.lineTotalSen ?? 0) / 100)}
                </output>
              </div>
            </div>
            {itemErrors && (
              <p className="text-sm text-destructive">
                {[
                  itemErrors.productName,
                  itemErrors.quantity,
                  itemErrors.unitPrice,
                  itemErrors.discount,
                ]
                  .map((error) => error?.message)
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            )}
          </div>
        );
      })}
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

/** A line of a licence product (or one saved as a licence line). */
function isLicenceLine(
  item: QuotationFormItem | undefined,
  products: readonly Product[] | undefined,
): boolean {
  if (item?.licenceAction) return true;
  const product = products?.find((candidate) => candidate.id === item?.productId);
  return product?.category === 'licence';
}

/** A line's product that the current search does not list (an edited quotation's, say). */
function pickedElsewhere(
  item: QuotationFormItem | undefined,
  products: readonly Product[] | undefined,
): boolean {
  return Boolean(item?.productId && !products?.some((product) => product.id === item.productId));
}
