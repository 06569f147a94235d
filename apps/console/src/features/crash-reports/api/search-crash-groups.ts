import type { ListCrashGroupsResponse } from '@patrol/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Groups the merge picker lists at most. */
export const groupSearchLimit = 8;

/**
 * The merge picker's search, on the server: fingerprint, exception, title, the latest message
 * and the frames (in-app frames included). Runs from two characters on.
 */
export function useCrashGroupSearch(term: string) {
  return useQuery({
    queryKey: queryKeys.crashReports.groupSearch(term),
    queryFn: async ({ signal }) =>
      (
        await api.get<ListCrashGroupsResponse>('/api/crash-reports/groups', {
          signal,
          query: { search: term, limit: groupSearchLimit, sortBy: 'lastSeen', sortOrder: 'desc' },
        })
      ).data.groups,
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });
}
