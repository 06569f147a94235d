import type { Product } from '@patrol/contracts';
import { toast } from 'sonner';
import { TypeToConfirmDialog } from '@/components/type-to-confirm-dialog';
import { useDeleteProduct } from '@/features/billing/api/products';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';

/** Delete Product, typed to confirm; the dialog stays open with the reason if it is refused. */
export function ProductDeleteDialog({
  product,
  onOpenChange,
}: {
  product: Product | null;
  onOpenChange: (open: boolean) => void;
}) {
  const deleteProduct = useDeleteProduct();

  const removeProduct = async () => {
    if (!product) return;
    try {
      const response = await deleteProduct.mutateAsync(product.id);
      toast.success(response.message);
      onOpenChange(false);
    } catch (error) {
      toast.error(billingActionFailure('deleting product', error));
    }
  };

  return (
    <TypeToConfirmDialog
      open={product !== null}
      onOpenChange={onOpenChange}
      title="Delete Product"
      description={
        product && (
          <>
            <span className="font-medium">{product.name}</span> (
            <span className="font-mono">{product.productId}</span>) will be deleted. Quotations and
            invoices that used it keep their own copy of its lines.
          </>
        )
      }
      submitLabel="Delete Product"
      pendingLabel="Deleting..."
      pending={deleteProduct.isPending}
      onConfirm={removeProduct}
    />
  );
}
