import type { ListReceiptsQuery, ListReceiptsResponse } from '@patrol/contracts';
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
