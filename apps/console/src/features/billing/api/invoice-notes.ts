import type {
  InvoiceNoteKind,
  ListInvoiceNotesQuery,
  ListInvoiceNotesResponse,
} from '@patrol/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { billingFreshMs } from './billing-request';

export type InvoiceNoteFilters = Partial<
  Pick<ListInvoiceNotesQuery, 'search' | 'invoiceId' | 'clientId' | 'from' | 'to'>
> & { page: number; limit?: number };

/** GET /api/business/credit-notes (or debit-notes): a page of one kind of note. */
export function invoiceNotesQueryOptions(kind: InvoiceNoteKind, filters: InvoiceNoteFilters) {
  return queryOptions({
    queryKey: queryKeys.billing.invoiceNotes(kind, filters),
    queryFn: ({ signal }) =>
      api.get<ListInvoiceNotesResponse>(`/api/business/${kind}-notes`, {
        signal,
        query: { limit: 20, ...filters },
      }),
    placeholderData: keepPreviousData,
    staleTime: billingFreshMs,
  });
}

export function useInvoiceNotes(kind: InvoiceNoteKind, filters: InvoiceNoteFilters) {
  return useQuery(invoiceNotesQueryOptions(kind, filters));
}
