import type { BusinessStatsResponse } from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/business/dashboard-stats, read by the billing dashboard and the main dashboard's
 * Business Performance. Billing, payment and invoice events invalidate it (realtime-provider),
 * so both dashboards change without a reload; `refetchIntervalMs` is the billing tab's timer.
 */
export function useBusinessStats(
  options: { refetchIntervalMs?: number | false; enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: queryKeys.dashboard.businessStats(),
    queryFn: ({ signal }) =>
      api.get<BusinessStatsResponse>('/api/business/dashboard-stats', { signal }),
    select: (response) => response.stats,
    refetchInterval: options.refetchIntervalMs ?? false,
    enabled: options.enabled ?? true,
  });
}
