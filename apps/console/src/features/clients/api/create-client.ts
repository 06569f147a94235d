import type { ClientResponse, CreateClientBody } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { breakers } from '@/lib/breaker';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/clients. */
export function createClient(body: CreateClientBody): Promise<ClientResponse> {
  return api.post<ClientResponse>('/api/clients', body);
}

/** Adds a client and reloads the client lists. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => {
      // A change the user made: the lists must be read again now, not throttled.
      breakers.get('clientData').allowFreshCalls();
      return queryClient.invalidateQueries({ queryKey: queryKeys.clients.all });
    },
  });
}
