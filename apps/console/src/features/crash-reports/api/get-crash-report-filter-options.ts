import type { CrashReportFilterOptionsResponse } from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type CrashReportFilterOptions = CrashReportFilterOptionsResponse['data'];

/** Platforms and app versions change only when new reports come in: re-read every 5 minutes. */
const filterOptionsStaleMs = 5 * 60_000;

/** GET /api/crash-reports/filter-options: the statuses, severities, platforms and app versions stored. */
export function useCrashReportFilterOptions() {
  return useQuery({
    queryKey: queryKeys.crashReports.filterOptions(),
    queryFn: async ({ signal }) =>
      (
        await api.get<CrashReportFilterOptionsResponse>('/api/crash-reports/filter-options', {
          signal,
        })
      ).data,
    staleTime: filterOptionsStaleMs,
  });
}
