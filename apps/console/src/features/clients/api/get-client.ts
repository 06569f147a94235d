import type { Client, ClientResponse } from '@patrol/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/clients/{companyId}: one client with its licences. */
export async function getClient(companyId: string, signal?: AbortSignal): Promise<ClientResponse> {
  return api.get<ClientResponse>(`/api/clients/${encodeURIComponent(companyId)}`, { signal });
}

/** Query options for one client. */
export function clientQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: queryKeys.clients.detail(companyId),
    queryFn: ({ signal }) => getClient(companyId, signal),
    select: (response): Client => response.client,
  });
}

/** One client by its companyId. */
export function useClient(companyId: string) {
  return useQuery(clientQueryOptions(companyId));
}
