import type { Product } from '@patrol/contracts';
import { useCallback, useState } from 'react';
import { useProducts } from '@/features/billing/api/products';

/**
 * The quotation form's product picker, searched on the server (the whole catalogue, not a first
 * page). Products already picked stay among the options when the search changes.
 */
export function useProductPicker(enabled: boolean) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Record<string, Product>>({});
  const products = useProducts(
    { page: 1, active: true, limit: 50, search: search.trim() || undefined },
    enabled,
  );
  // Stable, so the form's reset effect can name it without running on every render.
  const reset = useCallback(() => {
    setSearch('');
    setPicked({});
  }, []);
  const found = products.data?.products ?? [];
  const options = [
    ...Object.values(picked).filter((product) => !found.some((f) => f.id === product.id)),
    ...found,
  ];
  return {
    search,
    setSearch,
    options,
    loading: products.isFetching,
    /** The product of an option, remembered once picked. */
    pick: (id: string): Product | undefined => {
      const product = options.find((candidate) => candidate.id === id);
      if (product) setPicked((previous) => ({ ...previous, [product.id]: product }));
      return product;
    },
    reset,
  };
}
