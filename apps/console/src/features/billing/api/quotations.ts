import type {
  ShareLinkResponse,
  ConvertQuotationBody,
  ConvertQuotationResponse,
  CreateQuotationBody,
  GetQuotationResponse,
  ListBillingClientsResponse,
  ListQuotationsQuery,
  ListQuotationsResponse,
  MessageResponse,
  QuotationResponse,
  QuotationStatus,
  UpdateQuotationBody,
} from '@patrol/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { billingFreshMs, sendBillingMutation, useBillingMutation } from './billing-request';

export type QuotationFilters = Partial<
  Pick<ListQuotationsQuery, 'search' | 'status' | 'clientId'>
> & { page: number };

/** A page of quotations without their lines (useQuotation reads one whole). */
export function useQuotations(filters: QuotationFilters) {
  return useQuery({
    queryKey: queryKeys.billing.quotations(filters),
    queryFn: ({ signal }) =>
      api.get<ListQuotationsResponse>('/api/business/quotations', {
        signal,
        query: { ...filters, limit: 20 },
      }),
    placeholderData: keepPreviousData,
    staleTime: billingFreshMs,
  });
}

/** How one quotation is read whole: for its details (a live query) or its edit form (once). */
export function quotationQuery(id: string) {
  return {
    queryKey: queryKeys.billing.quotation(id),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<GetQuotationResponse>(`/api/business/quotations/${encodeURIComponent(id)}`, {
        signal,
      }),
    staleTime: billingFreshMs,
  };
}

/** One quotation whole, with its lines and tax summary, while `id` is given. */
export function useQuotation(id: string | null) {
  return useQuery({ ...quotationQuery(id ?? ''), enabled: id !== null });
}

/** The billing client picker, searched on the server while `enabled`. */
export function useBillingClients(search: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.billing.clients(search),
    queryFn: ({ signal }) =>
      api.get<ListBillingClientsResponse>('/api/business/clients', {
        signal,
        query: { search: search || undefined },
      }),
    placeholderData: keepPreviousData,
    staleTime: billingFreshMs,
    enabled,
  });
}

const quotationPath = (id: string) => `/api/business/quotations/${encodeURIComponent(id)}`;

export function useCreateQuotation() {
  return useBillingMutation((body: CreateQuotationBody) =>
    sendBillingMutation<QuotationResponse>('post', '/api/business/quotations', body),
  );
}

export function useUpdateQuotation() {
  return useBillingMutation(({ id, body }: { id: string; body: UpdateQuotationBody }) =>
    sendBillingMutation<QuotationResponse>('put', quotationPath(id), body),
  );
}

export function useSetQuotationStatus() {
  return useBillingMutation(({ id, status }: { id: string; status: QuotationStatus }) =>
    sendBillingMutation<QuotationResponse>('put', `${quotationPath(id)}/status`, { status }),
  );
}

export function useSendQuotation() {
  return useBillingMutation((id: string) =>
    sendBillingMutation<QuotationResponse>('post', `${quotationPath(id)}/send`),
  );
}

export function useConvertQuotation() {
  return useBillingMutation(({ id, dates }: { id: string; dates?: ConvertQuotationBody }) =>
    sendBillingMutation<ConvertQuotationResponse>(
      'put',
      `${quotationPath(id)}/convert-to-invoice`,
      dates,
    ),
  );
}

export function useDeleteQuotation() {
  return useBillingMutation((id: string) => api.delete<MessageResponse>(quotationPath(id)));
}

/** A fresh signed link to the quotation's PDF, asked for at the moment of sharing. */
export function createQuotationShareLink(id: string): Promise<ShareLinkResponse> {
  return api.post<ShareLinkResponse>(`/api/business/quotations/${id}/share-link`);
}
