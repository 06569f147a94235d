import type { CrashReportStatisticsResponse } from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { crashReportsRefreshMs } from '@/features/crash-reports/api/get-crash-reports';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/crash-reports/statistics: the four cards alone, for the group view (the report list
 * brings its own). Refreshed with the list.
 */
export function useCrashReportStatistics(options: { enabled: boolean; autoRefresh: boolean }) {
  return useQuery({
    queryKey: queryKeys.crashReports.statistics(),
    queryFn: async ({ signal }) =>
      (await api.get<CrashReportStatisticsResponse>('/api/crash-reports/statistics', { signal }))
        .data,
    enabled: options.enabled,
    refetchInterval: options.autoRefresh ? crashReportsRefreshMs : false,
  });
}
