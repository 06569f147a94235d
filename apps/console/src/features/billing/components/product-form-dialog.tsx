import type { CreateProductBody, Product } from '@patrol/contracts';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { useCreateProduct, useUpdateProduct } from '@/features/billing/api/products';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { showServerFieldErrors } from '@/lib/form-errors';
import { ProductFormFields } from './product-form-fields';
import { blankProduct, productFormResolver, productFormValues } from './product-form-values';

type ProductFormDialogProps = {
  open: boolean;
  /** The product being edited; null adds a new one. */
  product: Product | null;
  onOpenChange: (open: boolean) => void;
};

/** Add New Product and Edit Product. */
export function ProductFormDialog({ open, product, onOpenChange }: ProductFormDialogProps) {
  const { control, register, handleSubmit, reset, setError, setValue, formState, watch } =
    useForm<CreateProductBody>({
      resolver: productFormResolver,
      defaultValues: blankProduct,
    });
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const id = useId();

  useEffect(() => {
    if (open) reset(productFormValues(product));
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
      <ProductFormFields
        id={id}
        control={control}
        register={register}
        setValue={setValue}
        errors={formState.errors}
        isLicence={watch('category') === 'licence'}
      />
    </FormDialog>
  );
}
