import {
  defaultValidityDaysByType,
  licenceTypes,
  type CreateProductBody,
  type LicenceType,
} from '@patrol/contracts';
import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

type ProductLicenceFieldsProps = {
  id: string;
  register: UseFormRegister<CreateProductBody>;
  setValue: UseFormSetValue<CreateProductBody>;
  errors: FieldErrors<CreateProductBody>;
};

/** A licence product's type and validity (shown only for the licence category). */
export function ProductLicenceFields({
  id,
  register,
  setValue,
  errors,
}: ProductLicenceFieldsProps) {
  const typeError = errors.licenceType?.message;
  const daysError = errors.validityDays?.message;
  return (
    <>
      <FormField id={`${id}-licenceType`} label="Licence type" error={typeError}>
        <NativeSelect
          {...fieldErrorProps(`${id}-licenceType`, typeError)}
          {...register('licenceType', {
            setValueAs: (value: string) => (value === '' ? null : value),
            // Choosing a type proposes its usual validity, as the Add Licences dialog does.
            onChange: (event) => {
              const type = event.target.value as LicenceType | '';
              if (type) setValue('validityDays', defaultValidityDaysByType[type]);
            },
          })}
        >
          <option value="">Choose a type</option>
          {licenceTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id={`${id}-validityDays`}
        label="Validity (days)"
        error={daysError}
        hint="How long each key sold or renewed runs"
      >
        <Input
          {...fieldErrorProps(`${id}-validityDays`, daysError)}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...register('validityDays', {
            setValueAs: (value: unknown) =>
              value === '' || value === null || value === undefined ? null : Number(value),
          })}
        />
      </FormField>
    </>
  );
}
