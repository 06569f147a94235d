import { myInvoisIdTypeLabels, myInvoisIdTypes } from '@patrol/contracts';
import { useId } from 'react';
import {
  Controller,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { FormField, fieldErrorProps } from '@/components/form-field';
import { MyInvoisCodeField } from '@/components/myinvois-code-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { ClientFormValues } from '@/features/clients/components/client-form';
import { ValidateTinButton } from '@/features/clients/components/validate-tin-button';

type ClientEInvoiceSectionProps = {
  control: Control<ClientFormValues>;
  register: UseFormRegister<ClientFormValues>;
  errors: FieldErrors<ClientFormValues>;
};

/** The buyer's MyInvois details: TIN, second ID, SST number and the address with codes. */
export function ClientEInvoiceSection({ control, register, errors }: ClientEInvoiceSectionProps) {
  const prefix = useId();
  const idOf = (name: string) => `${prefix}-${name}`;
  const fieldErrors = errors.eInvoice ?? {};
  const text = (name: 'tin' | 'idValue' | 'sstNumber' | 'city' | 'postcode') => ({
    ...fieldErrorProps(idOf(name), fieldErrors[name]?.message),
    ...register(`eInvoice.${name}`),
  });
  const tinValues = useWatch({
    control,
    name: ['eInvoice.tin', 'eInvoice.idType', 'eInvoice.idValue'],
  });

  return (
    <fieldset className="grid gap-5 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">e-Invoice buyer details (MyInvois)</legend>
      <div className="grid gap-5 md:grid-cols-2">
        <FormField
          id={idOf('tin')}
          label="TIN"
          error={fieldErrors.tin?.message}
          hint="e.g. C20880050010; EI00000000010 for the general public"
        >
          <Input {...text('tin')} autoComplete="off" />
        </FormField>
        <FormField
          id={idOf('sstNumber')}
          label="SST registration number"
          error={fieldErrors.sstNumber?.message}
          hint="Leave empty when not registered"
        >
          <Input {...text('sstNumber')} autoComplete="off" />
        </FormField>
        <FormField id={idOf('idType')} label="ID type" error={fieldErrors.idType?.message}>
          <NativeSelect
            {...fieldErrorProps(idOf('idType'), fieldErrors.idType?.message)}
            {...register('eInvoice.idType')}
          >
            <option value="">Not given</option>
            {myInvoisIdTypes.map((type) => (
              <option key={type} value={type}>
                {myInvoisIdTypeLabels[type]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={idOf('idValue')}
          label="ID number"
          error={fieldErrors.idValue?.message}
          hint="BRN: the new 12-digit SSM number"
        >
          <Input {...text('idValue')} autoComplete="off" />
        </FormField>
      </div>
      <ValidateTinButton
        values={{
          tin: tinValues[0].trim().toUpperCase(),
          idType: tinValues[1],
          idValue: tinValues[2].trim().toUpperCase(),
        }}
      />
      <FormField
        id={idOf('street')}
        label="Street (one line each, up to three)"
        error={fieldErrors.street?.message}
      >
        <Textarea
          {...fieldErrorProps(idOf('street'), fieldErrors.street?.message)}
          {...register('eInvoice.street')}
          rows={2}
        />
      </FormField>
      <div className="grid gap-5 md:grid-cols-2">
        <FormField id={idOf('city')} label="City" error={fieldErrors.city?.message}>
          <Input {...text('city')} />
        </FormField>
        <FormField id={idOf('postcode')} label="Postcode" error={fieldErrors.postcode?.message}>
          <Input {...text('postcode')} inputMode="numeric" />
        </FormField>
        {(['stateCode', 'countryCode'] as const).map((name) => (
          <FormField
            key={name}
            id={idOf(name)}
            label={name === 'stateCode' ? 'State' : 'Country'}
            error={fieldErrors[name]?.message}
          >
            <Controller
              control={control}
              name={`eInvoice.${name}`}
              render={({ field }) => (
                <MyInvoisCodeField
                  id={idOf(name)}
                  table={name === 'stateCode' ? 'state' : 'country'}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldErrors[name]?.message}
                />
              )}
            />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
