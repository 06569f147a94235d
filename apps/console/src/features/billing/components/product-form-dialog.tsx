import { zodResolver } from '@hookform/resolvers/zod';
import {
  createProductBodySchema,
  productCategories,
  productUnits,
  taxTypeLabels,
  taxTypes,
  type CreateProductBody,
  type Product,
} from '@patrol/contracts';
import { useEffect, useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { FormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useCreateProduct, useUpdateProduct } from '@/features/billing/api/products';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { humanise } from '@/features/billing/lib/billing-labels';
import { showServerFieldErrors } from '@/lib/form-errors';
import { ProductLicenceFields } from './product-licence-fields';

const resolver = zodResolver(createProductBodySchema) as unknown as Resolver<CreateProductBody>;

/** A new product's form (spec 3 section 5: licence, piece, 1, taxable, active). */
const blankProduct: CreateProductBody = {
  name: '',
  description: '',
  category: 'licence',
  unitPrice: 0,
  unit: 'piece',
  minQuantity: 1,
  taxable: true,
  taxType: 'SERVICE_TAX',
  licenceType: 'Standard',
  validityDays: 30,
  active: true,
  notes: '',
};

function formValues(product: Product | null): CreateProductBody {
  if (!product) return blankProduct;
  const { name, description, category, unitPrice, unit, minQuantity, taxable, taxType } = product;
  const { active, notes, licenceType, validityDays } = product;
  return {
    name,
    description,
    category,
    unitPrice,
    unit,
    minQuantity,
    taxable,
    taxType,
    licenceType,
    validityDays,
    active,
    notes,
  };
}

type ProductFormDialogProps = {
  open: boolean;
  /** The product being edited; null adds a new one. */
  product: Product | null;
  onOpenChange: (open: boolean) => void;
};

/** Add New Product and Edit Product. */
export function ProductFormDialog({ open, product, onOpenChange }: ProductFormDialogProps) {
  const { register, handleSubmit, reset, setError, setValue, formState, watch } =
    useForm<CreateProductBody>({
      resolver,
      defaultValues: blankProduct,
    });
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const id = useId();
  const errors = formState.errors;
  const isLicence = watch('category') === 'licence';

  useEffect(() => {
    if (open) reset(formValues(product));
  }, [open, product, reset]);

  const submit = handleSubmit(async (body) => {
    try {
      const response = product
        ? await updateProduct.mutateAsync({ id: product.id, body })
        : await createProduct.mutateAsync(body);
      toast.success(response.message);
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, setError);
      toast.error(billingActionFailure(product ? 'updating product' : 'creating product', error));
    }
  });

  const field = (name: keyof CreateProductBody) =>
    fieldErrorProps(`${id}-${name}`, errors[name]?.message);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={product ? 'Edit Product' : 'Add New Product'}
      description={
        product ? (
          <>
            Change <span className="font-mono">{product.productId}</span>; its ID stays the same.
          </>
        ) : (
          'The product ID is assigned from the numbering settings when you save.'
        )
      }
      onSubmit={submit}
      submitLabel={product ? 'Save Changes' : 'Add Product'}
      pendingLabel="Saving..."
      pending={createProduct.isPending || updateProduct.isPending}
    >
      <div className="grid max-h-[60vh] gap-4 overflow-y-auto pr-1 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField id={`${id}-name`} label="Product name" error={errors.name?.message}>
            <Input {...field('name')} {...register('name')} autoComplete="off" />
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <FormField
            id={`${id}-description`}
            label="Description"
            error={errors.description?.message}
          >
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
        <div className="sm:col-span-2">
          <FormField id={`${id}-notes`} label="Notes" error={errors.notes?.message}>
            <Textarea {...field('notes')} rows={2} {...register('notes')} />
          </FormField>
        </div>
      </div>
    </FormDialog>
  );
}
