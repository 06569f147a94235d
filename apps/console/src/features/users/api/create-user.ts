import type { CreateUserBody, User, UserResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { api } from '@/lib/api-client';

/** POST /api/users (superadmin only): the new user starts with its role's template. */
export async function createUser(body: CreateUserBody): Promise<User> {
  const response = await api.post<UserResponse>('/api/users', body);
  return response.data.user;
}

/** Creates a user and refreshes the user lists. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
