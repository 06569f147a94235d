import type { UpdateUserBody, User, UserResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { api } from '@/lib/api-client';

export type UpdateUserVariables = { userId: string; body: UpdateUserBody };

/** PUT /api/users/{id} with the user form's fields (never the password). */
export async function updateUser({ userId, body }: UpdateUserVariables): Promise<User> {
  const response = await api.put<UserResponse>(`/api/users/${encodeURIComponent(userId)}`, body);
  return response.data.user;
}

/** Saves the user form and refreshes the user lists. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
