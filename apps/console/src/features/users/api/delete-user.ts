import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { api } from '@/lib/api-client';

/** DELETE /api/users/{id}. */
export async function deleteUser(userId: string): Promise<void> {
  await api.delete(`/api/users/${encodeURIComponent(userId)}`);
}

/** Deletes a user and refreshes the user lists. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
