import type { ClientResponse, CreateClientBody } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clients.all }),
  });
}
