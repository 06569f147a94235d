import {
  productCategories,
  productUnits,
  taxTypeLabels,
  taxTypes,
  type CreateProductBody,
} from '@patrol/contracts';
import type { Control, FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { humanise } from '@/features/billing/lib/billing-labels';
import { ProductEInvoiceFields } from './product-einvoice-fields';
import { ProductLicenceFields } from './product-licence-fields';

type ProductFormFieldsProps = {
  id: string;
  control: Control<CreateProductBody>;
  register: UseFormRegister<CreateProductBody>;
  setValue: UseFormSetValue<CreateProductBody>;
  errors: FieldErrors<CreateProductBody>;
  /** A licence product: its type and validity are asked too. */
  isLicence: boolean;
};

/** The product form's fields, two to a row. */
export function ProductFormFields({
  id,
  control,
  register,
  setValue,
  errors,
  isLicence,
}: ProductFormFieldsProps) {
  const field = (name: Exclude<keyof CreateProductBody, 'eInvoice'>) =>
    fieldErrorProps(`${id}-${name}`, errors[name]?.message);
  return (
    <div className="grid max-h-[60vh] gap-4 overflow-y-auto pr-1 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormField id={`${id}-name`} label="Product name" error={errors.name?.message}>
          <Input {...field('name')} {...register('name')} autoComplete="off" />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <FormField id={`${id}-description`} label="Description" error={errors.description?.message}>
          <Textarea {...field('description')} rows={2} {...register('description')} />
        </FormField>
      </div>
      <FormField id={`${id}-category`} label="Category" error={errors.category?.message}>
        <NativeSelect
          {...field('category')}
          {...register('category', {
            // Only a licence product sells a type for a validity; the others carry neither.
            onChange: (event) => {
              const licence = event.target.value === 'licence';
              setValue('licenceType', licence ? 'Standard' : null);
              setValue('validityDays', licence ? 30 : null);
            },
          })}
        >
          {productCategories.map((category) => (
            <option key={category} value={category}>
              {humanise(category)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-unit`} label="Unit" error={errors.unit?.message}>
        <NativeSelect {...field('unit')} {...register('unit')}>
          {productUnits.map((unit) => (
            <option key={unit} value={unit}>
              {humanise(unit)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {isLicence && (
        <ProductLicenceFields id={id} register={register} setValue={setValue} errors={errors} />
      )}
      <FormField id={`${id}-unitPrice`} label="Unit price (RM)" error={errors.unitPrice?.message}>
        <Input
          {...field('unitPrice')}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          {...register('unitPrice', { valueAsNumber: true })}
        />
      </FormField>
      <FormField
        id={`${id}-minQuantity`}
        label="Minimum quantity"
        error={errors.minQuantity?.message}
      >
        <Input
          {...field('minQuantity')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...register('minQuantity', { valueAsNumber: true })}
        />
      </FormField>
      <FormField id={`${id}-taxType`} label="Tax" error={errors.taxType?.message}>
        <NativeSelect
          {...field('taxType')}
          {...register('taxType', {
            // Taxable follows the type: only an exempt product is not taxable.
            onChange: (event) => setValue('taxable', event.target.value !== 'EXEMPT'),
          })}
        >
          {taxTypes.map((type) => (
            <option key={type} value={type}>
              {taxTypeLabels[type]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" {...register('active')} />
        Active (offered on new quotations)
      </label>
      <ProductEInvoiceFields idPrefix={id} control={control} errors={errors} />
      <div className="sm:col-span-2">
        <FormField id={`${id}-notes`} label="Notes" error={errors.notes?.message}>
          <Textarea {...field('notes')} rows={2} {...register('notes')} />
        </FormField>
      </div>
    </div>
  );
}
