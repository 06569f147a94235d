import type { UserPermissionsResponse } from '@patrol/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type UserPermissionDetails = UserPermissionsResponse['data']['permissions'];

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
    queryKey: queryKeys.users.permissions(userId),
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
