import type { SystemHealth, SystemHealthResponse } from '@patrol/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { loadRecordingFailure } from '@/features/system/api/system-live-cache';
import { systemAutoRefreshMs, systemGet } from '@/features/system/api/system-request';

/** GET /api/system/health: score, issues, recommendations and the latest alerts. */
export async function getSystemHealth(signal?: AbortSignal): Promise<SystemHealth> {
  const response = await systemGet<SystemHealthResponse>('health', '/api/system/health', signal);
  return response.data;
}

/** The health answer, reloaded every 30 s while auto-refresh is on. */
export function useSystemHealth({ autoRefresh }: { autoRefresh: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.system.health(),
    queryFn: ({ signal }) =>
      loadRecordingFailure(queryClient, signal, () => getSystemHealth(signal)),
    // The retry helper already tried three times.
    retry: false,
    refetchInterval: autoRefresh ? systemAutoRefreshMs : false,
  });
}
