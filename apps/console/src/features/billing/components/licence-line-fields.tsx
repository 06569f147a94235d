import { licenceActionLabels, licenceActions, type LicenceAction } from '@patrol/contracts';
import type { UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { NativeSelect } from '@/components/ui/native-select';
import type { QuotationForm } from './quotation-form-values';
import { RenewalKeysPicker } from './renewal-keys-picker';

type LicenceLineFieldsProps = {
  index: number;
  companyId: string | undefined;
  action: LicenceAction | null | undefined;
  chosen: readonly string[];
  error?: string;
  register: UseFormRegister<QuotationForm>;
  setValue: UseFormSetValue<QuotationForm>;
};

/** A licence product's line: New keys (quantity = keys) or Renewal of the client's chosen keys. */
export function LicenceLineFields({
  index,
  companyId,
  action,
  chosen,
  error,
  register,
  setValue,
}: LicenceLineFieldsProps) {
  const label = `Item ${index + 1}`;
  const choose = (ids: string[]) => {
    setValue(`items.${index}.renewalLicenceIds`, ids, { shouldDirty: true });
    // A renewal's quantity is the number of keys it names.
    setValue(`items.${index}.quantity`, Math.max(ids.length, 1), { shouldValidate: true });
  };
  return (
    <div className="grid gap-2">
      <label className="grid gap-1 text-xs text-muted-foreground sm:max-w-xs">
        Licence keys
        <NativeSelect
          className="text-foreground"
          aria-label={`${label} licence keys`}
          {...register(`items.${index}.licenceAction`, {
            onChange: () => setValue(`items.${index}.renewalLicenceIds`, []),
          })}
        >
          {licenceActions.map((value) => (
            <option key={value} value={value}>
              {licenceActionLabels[value]}
            </option>
          ))}
        </NativeSelect>
      </label>
      {action === 'renewal' && (
        <RenewalKeysPicker
          companyId={companyId}
          label={`${label} renewal`}
          chosen={chosen}
          onChange={choose}
        />
      )}
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  );
}
