import type {
  EinvoiceActionResponse,
  EinvoiceDetailResponse,
  EinvoiceStatus,
  ListEinvoicesResponse,
} from '@patrol/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { billingFreshMs, sendBillingMutation, useBillingMutation } from './billing-request';

/**
 * GET /api/business/einvoices/{documentId}: the e-invoice of an invoice or note; null when it
 * was never queued (Not submitted).
 */
export function einvoiceQueryOptions(documentId: string) {
  return queryOptions({
    queryKey: [...queryKeys.billing.all, 'einvoice', documentId] as const,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<EinvoiceDetailResponse>(`/api/business/einvoices/${documentId}`, {
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: billingFreshMs,
  });
}

export function useEinvoice(documentId: string) {
  return useQuery(einvoiceQueryOptions(documentId));
}

/** POST /api/business/einvoices/{documentId}/retry: an invalid e-invoice queued again. */
export function useRetryEinvoice() {
  return useBillingMutation((documentId: string) =>
    sendBillingMutation<EinvoiceActionResponse>(
      'post',
      `/api/business/einvoices/${documentId}/retry`,
    ),
  );
}

/** POST /api/business/einvoices/{documentId}/cancel: a Valid e-invoice cancelled with a reason. */
export function useCancelEinvoice() {
  return useBillingMutation(({ documentId, reason }: { documentId: string; reason: string }) =>
    sendBillingMutation<EinvoiceActionResponse>(
      'post',
      `/api/business/einvoices/${documentId}/cancel`,
      { reason },
    ),
  );
}

export type EinvoiceFilters = { page: number; status?: EinvoiceStatus; stale?: boolean };

/** GET /api/business/einvoices: a page with the counts by status and the stale count. */
export function useEinvoices(filters: EinvoiceFilters) {
  return useQuery({
    queryKey: [...queryKeys.billing.all, 'einvoices', filters] as const,
    queryFn: ({ signal }) =>
      api.get<ListEinvoicesResponse>('/api/business/einvoices', {
        signal,
        query: {
          page: filters.page,
          limit: 20,
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.stale ? { stale: 'true' } : {}),
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: billingFreshMs,
  });
}
