import { productCategories, type ProductCategory } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useProducts, type ProductFilters } from '@/features/billing/api/products';
import { humanise } from '@/features/billing/lib/billing-labels';
import { useDebouncedSearch, useTabFilters } from '@/features/billing/lib/billing-params';
import { useAuth } from '@/lib/auth';
import { BillingListCard, RefreshButton, showingCaption } from './billing-list-card';
import { FilterSelect } from './filter-select';
import { ProductDeleteDialog } from './product-delete-dialog';
import { ProductDetailsDialog } from './product-details-dialog';
import { ProductFormDialog } from './product-form-dialog';
import { ProductsTable, type ProductRowDialog } from './products-table';
import { useOptimisticProductStatus } from './use-optimistic-product-status';

const filterNames = ['search', 'category', 'active'] as const;
const allowedFilters = { category: productCategories, active: ['true', 'false'] };

type Dialog = { kind: 'add' } | ProductRowDialog | null;

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
  const toggle = useOptimisticProductStatus(query);
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const list = products.data;
  const close = (open: boolean) => !open && setDialog(null);

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
            {canPerform(user, 'createProduct') && (
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
        <ProductsTable products={list?.products ?? []} toggle={toggle} onOpen={setDialog} />
      </BillingListCard>
      <ProductFormDialog
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        product={dialog?.kind === 'edit' ? dialog.product : null}
        onOpenChange={close}
      />
      <ProductDetailsDialog
        product={dialog?.kind === 'view' ? dialog.product : null}
        onOpenChange={close}
      />
      <ProductDeleteDialog
        product={dialog?.kind === 'delete' ? dialog.product : null}
        onOpenChange={close}
      />
    </>
  );
}
