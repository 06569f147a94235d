import {
  pageSizes,
  type CrashGroupResponse,
  type ListCrashGroupsResponse,
} from '@patrol/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { crashReportsRefreshMs } from '@/features/crash-reports/api/get-crash-reports';
import { api } from '@/lib/api-client';
import { queryKeys, type CrashGroupListParams } from '@/lib/query-keys';

export type CrashGroupList = ListCrashGroupsResponse['data'];
export type CrashGroupDetail = CrashGroupResponse['data'];

/** GET /api/crash-reports/groups: a page of groups, each with its occurrences, devices and versions. */
export async function getCrashGroups(
  params: CrashGroupListParams,
  signal?: AbortSignal,
): Promise<CrashGroupList> {
  const { search, ...rest } = params;
  const response = await api.get<ListCrashGroupsResponse>('/api/crash-reports/groups', {
    signal,
    query: { ...rest, search: search || undefined, limit: pageSizes.crashReports },
  });
  return response.data;
}

/** One page of groups; refreshed like the report list (every 30 s on page 1). */
export function useCrashGroups(
  params: CrashGroupListParams,
  options: { enabled: boolean; autoRefresh: boolean },
) {
  return useQuery({
    enabled: options.enabled,
    queryKey: queryKeys.crashReports.groups(params),
    queryFn: ({ signal }) => getCrashGroups(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: options.autoRefresh && params.page === 1 ? crashReportsRefreshMs : false,
  });
}

/** GET /api/crash-reports/groups/{fingerprint}: the group's frames and its count per app version. */
export function useCrashGroup(fingerprint: string | null) {
  return useQuery({
    queryKey: queryKeys.crashReports.group(fingerprint ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.get<CrashGroupResponse>(
          `/api/crash-reports/groups/${encodeURIComponent(fingerprint!)}`,
          { signal },
        )
      ).data,
    enabled: fingerprint !== null,
  });
}
