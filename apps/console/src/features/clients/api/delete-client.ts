import type { MessageResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { breakers } from '@/lib/breaker';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/clients/{companyId}: the client and all its licences. */
export function deleteClient(companyId: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/api/clients/${encodeURIComponent(companyId)}`);
}

/** Deletes a client and reloads the client and licence lists. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_response, companyId) => {
      queryClient.removeQueries({ queryKey: queryKeys.clients.detail(companyId), exact: true });
      // The list just read must be read again now, not answered by the throttle's fallback.
      breakers.get('clientData').allowFreshCalls();
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.lists() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.licences.all });
    },
  });
}
