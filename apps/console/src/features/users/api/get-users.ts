import { pageSizes, type ListUsersResponse } from '@patrol/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, type UsersListParams } from '@/lib/query-keys';

export type { UsersListParams };

/** Spec 2 section 8: the answer arrived but said it failed. */
export const unsuccessfulUsersMessage =
  'Failed to fetch users - API returned unsuccessful response';

/** GET /api/users: one page of staff users, with the total count. */
export async function getUsers(
  params: UsersListParams,
  signal?: AbortSignal,
): Promise<ListUsersResponse['data']> {
  const response = await api.get<ListUsersResponse>('/api/users', {
    signal,
    query: {
      search: params.search || undefined,
      page: params.page,
      limit: pageSizes.users,
      role: params.role,
      status: params.status,
      sortBy: params.sortBy ?? 'createdAt',
      sortOrder: params.sortOrder ?? 'asc',
    },
  });
  if (!response?.success) throw new Error(unsuccessfulUsersMessage);
  return response.data;
}

/** Query options for one page of users. */
export function usersQueryOptions(params: UsersListParams) {
  return queryOptions({
    queryKey: queryKeys.users.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of users; the previous page stays on screen while the next one loads. */
export function useUsers(params: UsersListParams, { enabled }: { enabled: boolean }) {
  return useQuery({ ...usersQueryOptions(params), enabled });
}
