import { pageSizes, type ListCrashReportsResponse } from '@patrol/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, type CrashReportListParams } from '@/lib/query-keys';

/** The list refreshes itself this often, on page 1 only (spec 2 sections 4 and 9). */
export const crashReportsRefreshMs = 30_000;

export type CrashReportList = ListCrashReportsResponse['data'];

/** GET /api/crash-reports: a page of reports with the pagination and the statistics cards. */
export async function getCrashReports(
  params: CrashReportListParams,
  signal?: AbortSignal,
): Promise<CrashReportList> {
  const { search, ...rest } = params;
  const response = await api.get<ListCrashReportsResponse>('/api/crash-reports', {
    signal,
    // Empty filters and the All Reports tab are left out (undefined is never sent).
    query: { ...rest, search: search || undefined, limit: pageSizes.crashReports },
  });
  return response.data;
}

export function crashReportsQueryOptions(params: CrashReportListParams) {
  return queryOptions({
    queryKey: queryKeys.crashReports.list(params),
    queryFn: ({ signal }) => getCrashReports(params, signal),
  });
}

/**
 * One page of reports; the previous page stays on screen while the next loads. Page 1 is
 * re-read every 30 s while `autoRefresh` is on (TanStack never starts one while a read is under
 * way, and pauses it while the tab is hidden).
 */
export function useCrashReports(
  params: CrashReportListParams,
  options: { enabled: boolean; autoRefresh: boolean },
) {
  return useQuery({
    ...crashReportsQueryOptions(params),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
    refetchInterval: options.autoRefresh && params.page === 1 ? crashReportsRefreshMs : false,
  });
}
