import type { UserPermissionsResponse } from '@patrol/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersQueryKey } from '@/features/users/api/get-users';
import { api } from '@/lib/api-client';

export type UserPermissionDetails = UserPermissionsResponse['data']['permissions'];

/** The key of one user's permission details. */
export function userPermissionsQueryKey(userId: string) {
  return [...usersQueryKey, 'permissions', userId] as const;
}

/** GET /api/users/{id}/permissions: stored list, overrides and effective permissions. */
export async function getUserPermissions(
  userId: string,
  signal?: AbortSignal,
): Promise<UserPermissionDetails> {
  const response = await api.get<UserPermissionsResponse>(
    `/api/users/${encodeURIComponent(userId)}/permissions`,
    { signal },
  );
  return response.data.permissions;
}

/** Query options for one user's permissions; always read fresh, the dialog edits them. */
export function userPermissionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: userPermissionsQueryKey(userId),
    queryFn: ({ signal }) => getUserPermissions(userId, signal),
    staleTime: 0,
  });
}

/** One user's permissions, loaded while `userId` is set. */
export function useUserPermissions(userId: string | null) {
  return useQuery({
    ...userPermissionsQueryOptions(userId ?? ''),
    enabled: userId !== null,
  });
}
