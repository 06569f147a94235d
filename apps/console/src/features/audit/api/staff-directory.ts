import type { ListUsersResponse } from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The staff accounts the trail can be filtered by (a provider has tens, not thousands); read only
 * by a user with users.view, the others filter by every actor.
 */
export function useStaffDirectory(enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.users.directory(),
    queryFn: async ({ signal }) =>
      (
        await api.get<ListUsersResponse>('/api/users', {
          signal,
          query: { page: 1, limit: 100, sortBy: 'fullName', sortOrder: 'asc' },
        })
      ).data,
    select: (data) => data.users,
  });
}
