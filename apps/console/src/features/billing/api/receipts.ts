import type {
  ListReceiptsQuery,
  ListReceiptsResponse,
  ReceiptResponse,
  ShareLinkResponse,
} from '@patrol/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { billingFreshMs } from './billing-request';

export type ReceiptFilters = Partial<
  Pick<ListReceiptsQuery, 'search' | 'paymentMethod' | 'dateRange' | 'transactionType'>
> & { page: number };

/** A page of receipts with the figures over every matching receipt. */
export function useReceipts(filters: ReceiptFilters) {
  return useQuery({
    queryKey: queryKeys.billing.receipts(filters),
    queryFn: ({ signal }) =>
      api.get<ListReceiptsResponse>('/api/business/receipts', {
        signal,
        query: { ...filters, limit: 20 },
      }),
    placeholderData: keepPreviousData,
    staleTime: billingFreshMs,
  });
}

/** One receipt whole, with its allocations, lines and history, while `id` is given. */
export function useReceipt(id: string | null) {
  return useQuery({
    queryKey: queryKeys.billing.receipt(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<ReceiptResponse>(`/api/business/receipts/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    staleTime: billingFreshMs,
  });
}

/** A fresh signed link to the receipt's PDF, asked for at the moment of sharing. */
export function createReceiptShareLink(id: string): Promise<ShareLinkResponse> {
  return api.post<ShareLinkResponse>(`/api/business/receipts/${id}/share-link`);
}
