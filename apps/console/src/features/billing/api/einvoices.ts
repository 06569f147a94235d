import type { EinvoiceActionResponse, EinvoiceDetailResponse } from '@patrol/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
