import type { Product, TaxType } from '@patrol/contracts';
import { formatMoney, type DocumentTotals } from '@patrol/domain';
import { Trash2Icon } from 'lucide-react';
import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { LicenceLineFields } from './licence-line-fields';
import { QuotationItemFigures } from './quotation-item-figures';
import type { QuotationForm, QuotationFormItem } from './quotation-form-values';

type QuotationItemRowProps = {
  index: number;
  /** The line as typed so far. */
  item: QuotationFormItem | undefined;
  /** Its total and tax, computed as the server will. */
  line: DocumentTotals['lines'][number] | undefined;
  itemErrors: NonNullable<FieldErrors<QuotationForm>['items']>[number];
  register: UseFormRegister<QuotationForm>;
  setValue: UseFormSetValue<QuotationForm>;
  companyId: string | undefined;
  products: readonly Product[] | undefined;
  /** Removing is refused for the only line. */
  onlyLine: boolean;
  onRemove: () => void;
  onPickProduct: (index: number, productId: string) => void;
  onChooseTaxType: (index: number, taxType: TaxType) => void;
};

/** One quotation line: its product or a custom item, figures, tax and line total. */
export function QuotationItemRow({
  index,
  item,
  line,
  itemErrors,
  register,
  setValue,
  companyId,
  products,
  onlyLine,
  onRemove,
  onPickProduct,
  onChooseTaxType,
}: QuotationItemRowProps) {
  return (
    <div className="grid gap-2 rounded-md border p-3">
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
        <NativeSelect
          aria-label={`Item ${index + 1} product`}
          value={item?.productId ?? ''}
          onChange={(event) => onPickProduct(index, event.target.value)}
        >
          <option value="">Custom item (no catalogue product)</option>
          {pickedElsewhere(item, products) && (
            <option value={item!.productId!}>{item!.productName}</option>
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
          onClick={onRemove}
          disabled={onlyLine}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
      <Input
        aria-label={`Item ${index + 1} description`}
        placeholder="Description (optional)"
        {...register(`items.${index}.description`)}
      />
      {isLicenceLine(item, products) && (
        <LicenceLineFields
          index={index}
          companyId={companyId}
          action={item?.licenceAction}
          chosen={item?.renewalLicenceIds ?? []}
          error={itemErrors?.renewalLicenceIds?.message ?? itemErrors?.licenceAction?.message}
          register={register}
          setValue={setValue}
        />
      )}
      <QuotationItemFigures
        index={index}
        line={line}
        itemErrors={itemErrors}
        register={register}
        onChooseTaxType={onChooseTaxType}
      />
    </div>
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
