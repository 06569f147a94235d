import type { ClusterInfo, ClusterInfoResponse } from '@patrol/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { loadRecordingFailure } from '@/features/system/api/system-live-cache';
import { systemAutoRefreshMs, systemGet } from '@/features/system/api/system-request';

/** GET /api/system/cluster: every API process, the database panel and their recommendations. */
export async function getSystemCluster(signal?: AbortSignal): Promise<ClusterInfo> {
  const response = await systemGet<ClusterInfoResponse>('cluster', '/api/system/cluster', signal);
  return response.data;
}

/** The cluster answer, reloaded every 30 s while auto-refresh is on. */
export function useSystemCluster({ autoRefresh }: { autoRefresh: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.system.cluster(),
    queryFn: ({ signal }) =>
      loadRecordingFailure(queryClient, signal, () => getSystemCluster(signal)),
    retry: false,
    refetchInterval: autoRefresh ? systemAutoRefreshMs : false,
  });
}
