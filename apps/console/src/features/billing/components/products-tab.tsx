import { productCategories, type Product, type ProductCategory } from '@patrol/contracts';
import { formatMoney, hasPermission } from '@patrol/domain';
import { useQueryClient } from '@tanstack/react-query';
import { EyeIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { TypeToConfirmDialog } from '@/components/type-to-confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import {
  useDeleteProduct,
  useProducts,
  useSetProductStatus,
  type ProductFilters,
} from '@/features/billing/api/products';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { humanise } from '@/features/billing/lib/billing-labels';
import { useDebouncedSearch, useTabFilters } from '@/features/billing/lib/billing-params';
import { changeListedRow } from '@/features/billing/lib/optimistic-list';
import { useActionGuard } from '@/features/billing/lib/use-action-guard';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { queryKeys } from '@/lib/query-keys';
import { useNow } from '@/lib/use-now';
import {
  BillingListCard,
  billingTableClass,
  RefreshButton,
  showingCaption,
} from './billing-list-card';
import { FilterSelect } from './filter-select';
import { ProductDetailsDialog } from './product-details-dialog';
import { IconButton, RowActions } from './icon-button';
import { ProductFormDialog } from './product-form-dialog';

/** A product this young is highlighted and tagged NEW (spec 3 section 2). */
const newProductMs = 5 * 60 * 1000;

const filterNames = ['search', 'category', 'active'] as const;
const allowedFilters = { category: productCategories, active: ['true', 'false'] };

type Dialog = { kind: 'add' } | { kind: 'edit' | 'view' | 'delete'; product: Product } | null;

/** The Products tab: the catalogue with its filters, row switch and dialogs. */
export function ProductsTab() {
  const { user } = useAuth();
  const { filters, page, update, clear } = useTabFilters(filterNames, allowedFilters);
  const [searchText, setSearchText] = useDebouncedSearch(filters.search, (search) =>
    update({ search }),
  );
  const query: ProductFilters = {
    page,
    search: filters.search,
    category: filters.category as ProductCategory | undefined,
    active: filters.active === undefined ? undefined : filters.active === 'true',
  };
  const products = useProducts(query);
  const [dialog, setDialog] = useState<Dialog>(null);
  const now = useNow(60_000);
  const can = {
    create: hasPermission(user, 'products.create'),
    edit: hasPermission(user, 'products.edit'),
    remove: hasPermission(user, 'products.delete'),
  };
  const toggle = useOptimisticProductStatus(query);
  const deleteProduct = useDeleteProduct();
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const list = products.data;

  const removeProduct = async () => {
    if (dialog?.kind !== 'delete') return;
    try {
      const response = await deleteProduct.mutateAsync(dialog.product.id);
      toast.success(response.message);
      setDialog(null);
    } catch (error) {
      toast.error(billingActionFailure('deleting product', error));
    }
  };

  return (
    <>
      <BillingListCard
        title="Products"
        caption={
          list &&
          `${showingCaption(list, list.products.length, 'products')}${filtered ? ' (filtered)' : ''}`
        }
        actions={
          <>
            <RefreshButton onClick={() => void products.refetch()} busy={products.isFetching} />
            {can.create && (
              <Button onClick={() => setDialog({ kind: 'add' })}>
                <PlusIcon aria-hidden="true" />
                Add Product
              </Button>
            )}
          </>
        }
        search={{
          label: 'Search products',
          placeholder: 'Search by name or ID...',
          value: searchText,
          onChange: setSearchText,
        }}
        filters={
          <>
            <FilterSelect
              label="Category"
              allLabel="All categories"
              value={filters.category}
              options={productCategories.map((value) => ({ value, label: humanise(value) }))}
              onChange={(category) => update({ category })}
            />
            <FilterSelect
              label="Status"
              allLabel="All"
              value={filters.active}
              options={[
                { value: 'true', label: 'Active' },
                { value: 'false', label: 'Inactive' },
              ]}
              onChange={(active) => update({ active })}
            />
            <Button variant="ghost" onClick={clear} disabled={!filtered}>
              Clear Filters
            </Button>
          </>
        }
        state={{ loading: !list, error: products.error, onRetry: () => void products.refetch() }}
        loadingText="Loading products..."
        emptyText={filtered ? 'No products match these filters' : 'No products yet'}
        isEmpty={list?.products.length === 0}
        pagination={list?.pagination}
        onPageChange={(next) => update({ page: next })}
      >
        <Table className={billingTableClass}>
          <TableHeader>
            <TableRow>
              <TableHead>Product ID</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Category</TableHead>
              <TableHead numeric>Unit Price</TableHead>
              <TableHead>Unit</TableHead>
              <TableHead>Status</TableHead>
              <TableHead numeric>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list?.products.map((product) => {
              const isNew = now.getTime() - Date.parse(product.createdAt) < newProductMs;
              return (
                <TableRow
                  key={product.id}
                  className={cn(isNew && 'bg-primary/5', !product.active && 'opacity-60')}
                >
                  <TableCell className="font-mono text-xs whitespace-nowrap">
                    {product.productId}
                  </TableCell>
                  <TableCell>
                    <div className="flex items-center gap-2 font-medium">
                      {product.name}
                      {isNew && <Badge variant="success">NEW</Badge>}
                    </div>
                    {product.description && (
                      <div className="max-w-xs truncate text-xs text-muted-foreground">
                        {product.description}
                      </div>
                    )}
                  </TableCell>
                  <TableCell>{humanise(product.category)}</TableCell>
                  <TableCell numeric>{formatMoney(product.unitPrice)}</TableCell>
                  <TableCell>{humanise(product.unit)}</TableCell>
                  <TableCell>
                    <Switch
                      checked={product.active}
                      disabled={!can.edit || toggle.isRunning(product.id)}
                      onCheckedChange={(active) => void toggle.run(product, active)}
                      aria-label={`${product.name} active`}
                    />
                  </TableCell>
                  <TableCell>
                    <RowActions>
                      <IconButton
                        label={`View ${product.name}`}
                        onClick={() => setDialog({ kind: 'view', product })}
                      >
                        <EyeIcon />
                      </IconButton>
                      {can.edit && (
                        <IconButton
                          label={`Edit ${product.name}`}
                          onClick={() => setDialog({ kind: 'edit', product })}
                        >
                          <PencilIcon />
                        </IconButton>
                      )}
                      {can.remove && (
                        <IconButton
                          label={`Delete ${product.name}`}
                          onClick={() => setDialog({ kind: 'delete', product })}
                        >
                          <Trash2Icon className="text-destructive" />
                        </IconButton>
                      )}
                    </RowActions>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </BillingListCard>
      <ProductFormDialog
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        product={dialog?.kind === 'edit' ? dialog.product : null}
        onOpenChange={(open) => !open && setDialog(null)}
      />
      <ProductDetailsDialog
        product={dialog?.kind === 'view' ? dialog.product : null}
        onOpenChange={(open) => !open && setDialog(null)}
      />
      <TypeToConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Delete Product"
        description={
          dialog?.kind === 'delete' && (
            <>
              <span className="font-medium">{dialog.product.name}</span> (
              <span className="font-mono">{dialog.product.productId}</span>) will be deleted.
              Quotations and invoices that used it keep their own copy of its lines.
            </>
          )
        }
        submitLabel="Delete Product"
        pendingLabel="Deleting..."
        pending={deleteProduct.isPending}
        onConfirm={removeProduct}
      />
    </>
  );
}

/**
 * The row switch: the list shows the new state at once and goes back (then refetches) if the
 * server refuses; a second toggle of the same product waits for the first.
 */
function useOptimisticProductStatus(filters: ProductFilters) {
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
