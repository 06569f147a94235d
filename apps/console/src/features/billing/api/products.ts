import type {
  CreateProductBody,
  ListProductsQuery,
  ListProductsResponse,
  MessageResponse,
  ProductResponse,
  UpdateProductBody,
} from '@patrol/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { billingFreshMs, sendBillingMutation, useBillingMutation } from './billing-request';

export type ProductFilters = Partial<Pick<ListProductsQuery, 'search' | 'category' | 'active'>> & {
  page: number;
  limit?: number;
};

/** A page of the catalogue; the previous page stays on screen while the next loads. */
export function useProducts(filters: ProductFilters, enabled = true) {
  return useQuery({
    queryKey: queryKeys.billing.products(filters),
    queryFn: ({ signal }) =>
      api.get<ListProductsResponse>('/api/business/products', {
        signal,
        query: { ...filters, limit: filters.limit ?? 20 },
      }),
    placeholderData: keepPreviousData,
    staleTime: billingFreshMs,
    enabled,
  });
}

const productPath = (id: string) => `/api/business/products/${encodeURIComponent(id)}`;

export function useCreateProduct() {
  return useBillingMutation((body: CreateProductBody) =>
    sendBillingMutation<ProductResponse>('post', '/api/business/products', body),
  );
}

export function useUpdateProduct() {
  return useBillingMutation(({ id, body }: { id: string; body: UpdateProductBody }) =>
    sendBillingMutation<ProductResponse>('put', productPath(id), body),
  );
}

export function useSetProductStatus() {
  return useBillingMutation(({ id, active }: { id: string; active: boolean }) =>
    sendBillingMutation<ProductResponse>('put', `${productPath(id)}/status`, { active }),
  );
}

export function useDeleteProduct() {
  return useBillingMutation((id: string) => api.delete<MessageResponse>(productPath(id)));
}
