import type { Product } from '@patrol/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useSetProductStatus, type ProductFilters } from '@/features/billing/api/products';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { changeListedRow } from '@/features/billing/lib/optimistic-list';
import { useActionGuard } from '@/features/billing/lib/use-action-guard';
import { queryKeys } from '@/lib/query-keys';

/**
 * The row switch: the list shows the new state at once and goes back (then refetches) if the
 * server refuses; a second toggle of the same product waits for the first.
 */
export function useOptimisticProductStatus(filters: ProductFilters) {
  const queryClient = useQueryClient();
  const setStatus = useSetProductStatus();
  const guard = useActionGuard();

  const run = (product: Product, active: boolean) =>
    guard.run(product.id, async () => {
      const undo = changeListedRow<Product>(
        queryClient,
        queryKeys.billing.products(filters),
        'products',
        product.id,
        (row) => ({ ...row, active }),
      );
      try {
        const response = await setStatus.mutateAsync({ id: product.id, active });
        toast.success(response.message);
      } catch (error) {
        undo();
        toast.error(billingActionFailure('updating product status', error));
      }
    });
  return { run, isRunning: guard.isRunning };
}
