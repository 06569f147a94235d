import type {
  InvoiceLicencesResponse,
  RevokeInvoiceLicencesBody,
  RevokeInvoiceLicencesResponse,
} from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { sendBillingMutation, useBillingMutation } from './billing-request';

/** GET /api/business/invoices/{id}/licences: the keys the invoice issued or extended. */
export function useInvoiceLicences(invoiceId: string) {
  return useQuery({
    queryKey: [...queryKeys.billing.invoices(), 'licences', invoiceId],
    queryFn: ({ signal }) =>
      api.get<InvoiceLicencesResponse>(`/api/business/invoices/${invoiceId}/licences`, { signal }),
  });
}

/** POST /api/business/invoices/{id}/licences/revoke: the named keys, or all when none is named. */
export function useRevokeInvoiceLicences() {
  return useBillingMutation(
    ({ invoiceId, body }: { invoiceId: string; body: RevokeInvoiceLicencesBody }) =>
      sendBillingMutation<RevokeInvoiceLicencesResponse>(
        'post',
        `/api/business/invoices/${invoiceId}/licences/revoke`,
        body,
      ),
  );
}
