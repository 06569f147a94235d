import type {
  GetInvoiceResponse,
  InvoiceResponse,
  ListInvoicesQuery,
  ListInvoicesResponse,
  ProcessPaymentBody,
  RejectPaymentBody,
  RevertInvoiceResponse,
  ShareLinkResponse,
  ValidatePaymentBody,
} from '@patrol/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { billingFreshMs, sendBillingMutation, useBillingMutation } from './billing-request';

export type InvoiceFilters = Partial<
  Pick<ListInvoicesQuery, 'search' | 'paymentStatus' | 'dateRange' | 'dueStatus'>
> & { page: number };

/** A page of invoices: their figures and states (their lines and payments come with useInvoice). */
export function useInvoices(filters: InvoiceFilters) {
  return useQuery({
    queryKey: queryKeys.billing.invoices(filters),
    queryFn: ({ signal }) =>
      api.get<ListInvoicesResponse>('/api/business/invoices', {
        signal,
        query: { ...filters, limit: 20 },
      }),
    placeholderData: keepPreviousData,
    staleTime: billingFreshMs,
  });
}

const invoicePath = (id: string) => `/api/business/invoices/${encodeURIComponent(id)}`;

/** One invoice whole, with its lines, payments and rejections, while `id` is given. */
export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: queryKeys.billing.invoice(id ?? ''),
    queryFn: ({ signal }) => api.get<GetInvoiceResponse>(invoicePath(id!), { signal }),
    enabled: id !== null,
    staleTime: billingFreshMs,
  });
}

export function useProcessPayment() {
  return useBillingMutation(({ id, body }: { id: string; body: ProcessPaymentBody }) =>
    sendBillingMutation<InvoiceResponse>('put', `${invoicePath(id)}/process-payment`, body),
  );
}

export function useSendInvoice() {
  return useBillingMutation((id: string) =>
    sendBillingMutation<InvoiceResponse>('post', `${invoicePath(id)}/send`),
  );
}

/** A fresh signed link to the invoice's PDF, asked for at the moment of sharing. */
export function createInvoiceShareLink(id: string): Promise<ShareLinkResponse> {
  return api.post<ShareLinkResponse>(`${invoicePath(id)}/share-link`);
}

export function useRevertInvoice() {
  return useBillingMutation((id: string) =>
    sendBillingMutation<RevertInvoiceResponse>('post', `${invoicePath(id)}/revert`),
  );
}

export function useValidatePayment() {
  return useBillingMutation(({ id, body }: { id: string; body: ValidatePaymentBody }) =>
    sendBillingMutation<InvoiceResponse>(
      'put',
      `/api/invoices/${encodeURIComponent(id)}/validate-payment`,
      body,
    ),
  );
}

export function useRejectPayment() {
  return useBillingMutation(({ id, body }: { id: string; body: RejectPaymentBody }) =>
    sendBillingMutation<InvoiceResponse>(
      'put',
      `/api/invoices/${encodeURIComponent(id)}/reject-payment`,
      body,
    ),
  );
}
