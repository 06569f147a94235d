import type { ListClientsResponse } from '@patrol/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The clients offered by the Add Licences dialog: the first 100 matches, by company name. */
export const clientOptionsLimit = 100;

export type ClientOption = { companyId: string; companyName: string };

/** GET /api/clients for the dialog's client select, searched on the server. */
export async function getClientOptions(
  search: string,
  signal?: AbortSignal,
): Promise<ClientOption[]> {
  const response = await api.get<ListClientsResponse>('/api/clients', {
    signal,
    query: {
      limit: clientOptionsLimit,
      sortBy: 'companyName',
      sortOrder: 'asc',
      search: search || undefined,
    },
  });
  return response.clients.map(({ companyId, companyName }) => ({ companyId, companyName }));
}

/** Client choices for the Add Licences dialog, loaded while `enabled` (the dialog is open). */
export function useClientOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.clients.lists(), 'options', search],
    queryFn: ({ signal }) => getClientOptions(search, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
