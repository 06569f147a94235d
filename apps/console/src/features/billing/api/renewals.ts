import type {
  AutoRenewalResponse,
  InvoiceRemindersResponse,
  ListRenewalsResponse,
} from '@patrol/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { billingFreshMs, sendBillingMutation, useBillingMutation } from './billing-request';

export type RenewalFilters = { days: number; page: number };

/** A page of the keys expiring in the next `days` days, grouped by client, expiry and type. */
export function useRenewals(filters: RenewalFilters) {
  return useQuery({
    queryKey: queryKeys.billing.renewals(filters),
    queryFn: ({ signal }) =>
      api.get<ListRenewalsResponse>('/api/business/renewals', {
        signal,
        query: { ...filters, limit: 20 },
      }),
    placeholderData: keepPreviousData,
    staleTime: billingFreshMs,
  });
}

/** Turns a client's auto-renewal on or off. */
export function useSetAutoRenewal() {
  return useBillingMutation(
    ({ companyId, autoRenewal }: { companyId: string; autoRenewal: boolean }) =>
      sendBillingMutation<AutoRenewalResponse>(
        'put',
        `/api/business/renewals/clients/${encodeURIComponent(companyId)}`,
        { autoRenewal },
      ),
  );
}

/** The payment reminders sent for an invoice. */
export function useInvoiceReminders(invoiceId: string) {
  return useQuery({
    queryKey: queryKeys.billing.reminders(invoiceId),
    queryFn: ({ signal }) =>
      api.get<InvoiceRemindersResponse>(`/api/business/invoices/${invoiceId}/reminders`, {
        signal,
      }),
    staleTime: billingFreshMs,
  });
}
