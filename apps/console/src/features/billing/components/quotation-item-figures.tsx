import { taxTypeLabels, taxTypes, type TaxType } from '@patrol/contracts';
import { formatMoney, ratePercentText, type DocumentTotals } from '@patrol/domain';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { QuotationForm } from './quotation-form-values';

type QuotationItemFiguresProps = {
  index: number;
  line: DocumentTotals['lines'][number] | undefined;
  itemErrors: NonNullable<FieldErrors<QuotationForm>['items']>[number];
  register: UseFormRegister<QuotationForm>;
  onChooseTaxType: (index: number, taxType: TaxType) => void;
};

/** A quotation line's quantity, price, discount and tax, its total, and what is wrong with them. */
export function QuotationItemFigures({
  index,
  line,
  itemErrors,
  register,
  onChooseTaxType,
}: QuotationItemFiguresProps) {
  return (
    <>
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
          {[itemErrors.productName, itemErrors.quantity, itemErrors.unitPrice, itemErrors.discount]
            .map((error) => error?.message)
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
    </>
  );
}
