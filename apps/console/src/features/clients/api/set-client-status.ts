import type { ClientResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { breakers } from '@/lib/breaker';
import { queryKeys } from '@/lib/query-keys';

type SetClientStatusInput = { id: string; active: boolean };

/** PATCH /api/clients/{id}/status: Activate or Deactivate. */
export function setClientStatus({ id, active }: SetClientStatusInput): Promise<ClientResponse> {
  return api.patch<ClientResponse>(`/api/clients/${encodeURIComponent(id)}/status`, { active });
}

/** Toggles a client's status and reloads the client lists. */
export function useSetClientStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setClientStatus,
    onSuccess: () => {
      // A change the user made: the lists must be read again now, not throttled.
      breakers.get('clientData').allowFreshCalls();
      return queryClient.invalidateQueries({ queryKey: queryKeys.clients.all });
    },
  });
}
