import type { ClientResponse, UpdateClientBody } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { breakers } from '@/lib/breaker';
import { queryKeys } from '@/lib/query-keys';

type UpdateClientInput = { companyId: string; body: UpdateClientBody };

/** PUT /api/clients/{companyId}: companyId itself never changes. */
export function updateClient({ companyId, body }: UpdateClientInput): Promise<ClientResponse> {
  return api.put<ClientResponse>(`/api/clients/${encodeURIComponent(companyId)}`, body);
}

/** Saves a client and reloads the client lists and its detail. */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: () => {
      // A change the user made: the lists must be read again now, not throttled.
      breakers.get('clientData').allowFreshCalls();
      return queryClient.invalidateQueries({ queryKey: queryKeys.clients.all });
    },
  });
}
