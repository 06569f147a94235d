import type { SystemMetrics, SystemMetricsResponse } from '@patrol/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { loadRecordingFailure, recordMetricsSample } from '@/features/system/api/system-live-cache';
import { systemAutoRefreshMs, systemGet } from '@/features/system/api/system-request';

/** GET /api/system/metrics: the answering process's figures and every process's active users. */
export async function getSystemMetrics(signal?: AbortSignal): Promise<SystemMetrics> {
  const response = await systemGet<SystemMetricsResponse>('metrics', '/api/system/metrics', signal);
  return response.data;
}

/**
 * The latest metrics sample: loaded, reloaded every 30 s while auto-refresh is on, and replaced
 * by each live systemMetrics in between (see useSystemLiveUpdates). Each answer also goes into
 * the chart history.
 */
export function useSystemMetrics({ autoRefresh }: { autoRefresh: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.system.metrics(),
    queryFn: ({ signal }) =>
      loadRecordingFailure(queryClient, signal, async () => {
        const metrics = await getSystemMetrics(signal);
        recordMetricsSample(queryClient, metrics);
        return metrics;
      }),
    retry: false,
    refetchInterval: autoRefresh ? systemAutoRefreshMs : false,
  });
}
