import { defaultClassificationCode, type CreateProductBody } from '@patrol/contracts';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { MyInvoisCodeField } from '@/components/myinvois-code-field';

const fields = [
  {
    name: 'classificationCode',
    table: 'classification',
    label: 'e-Invoice classification',
    hint: `Empty: ${defaultClassificationCode} Others`,
  },
  {
    name: 'taxTypeCode',
    table: 'taxType',
    label: 'e-Invoice tax type',
    hint: 'Empty: follows Tax (01 sales, 02 service, E exempt)',
  },
  {
    name: 'unitCode',
    table: 'unit',
    label: 'e-Invoice unit of measure',
    hint: 'Empty: follows Unit (e.g. month → MON)',
  },
] as const;

type ProductEInvoiceFieldsProps = {
  idPrefix: string;
  control: Control<CreateProductBody>;
  errors: FieldErrors<CreateProductBody>;
};

/** The product's MyInvois codes, each picked from the SDK's table by typing. */
export function ProductEInvoiceFields({ idPrefix, control, errors }: ProductEInvoiceFieldsProps) {
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-medium">e-Invoice (MyInvois)</legend>
      {fields.map(({ name, table, label, hint }) => {
        const id = `${idPrefix}-einvoice-${name}`;
        const error = errors.eInvoice?.[name]?.message;
        return (
          <FormField key={name} id={id} label={label} error={error} hint={hint}>
            <Controller
              control={control}
              name={`eInvoice.${name}`}
              render={({ field }) => (
                <MyInvoisCodeField
                  id={id}
                  table={table}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={error}
                />
              )}
            />
          </FormField>
        );
      })}
    </fieldset>
  );
}
