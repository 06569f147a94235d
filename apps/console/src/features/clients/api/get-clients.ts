import type { ListClientsResponse } from '@patrol/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { breakers, type BreakerSkip } from '@/lib/breaker';
import { queryKeys, type ClientListParams } from '@/lib/query-keys';

/** The fallback of the client data breaker (spec 1 section 8 "Breaker fallbacks"). */
export type ClientsUnavailable = {
  success: false;
  message: string;
  retryAfter: string;
  clients: [];
  pagination: { totalCount: 0 };
};

export type ClientsListResult = ListClientsResponse | ClientsUnavailable;

export const clientDataUnavailableMessage = 'Client data temporarily unavailable';

function unavailable(skip: BreakerSkip): ClientsUnavailable {
  return {
    success: false,
    message: clientDataUnavailableMessage,
    retryAfter: skip.retryAfter.toISOString(),
    clients: [],
    pagination: { totalCount: 0 },
  };
}

/**
 * GET /api/clients through the client data breaker: a page of clients with the summary cards, or
 * the unavailable fallback while the breaker is open. Failures are rethrown.
 */
export function getClients(params: ClientListParams): Promise<ClientsListResult> {
  return breakers.get('clientData').execute<ClientsListResult>(
    (signal) =>
      api.get<ListClientsResponse>('/api/clients', {
        signal,
        query: {
          page: params.page,
          search: params.search || undefined,
          active: params.status ? params.status === 'active' : undefined,
          sortBy: params.sortBy,
          sortOrder: params.sortOrder,
        },
      }),
    { fallback: unavailable, throttleKey: JSON.stringify(params) },
  );
}

/** Query options for one page of the client directory. */
export function clientsQueryOptions(params: ClientListParams) {
  return queryOptions({
    queryKey: queryKeys.clients.list(params),
    queryFn: () => getClients(params),
  });
}

/** One page of clients; the previous page stays on screen while the next loads. */
export function useClients(params: ClientListParams) {
  return useQuery({ ...clientsQueryOptions(params), placeholderData: keepPreviousData });
}
