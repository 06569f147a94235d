import type { SystemMetrics } from '@patrol/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import {
  appendMetricsPoint,
  toMetricsPoint,
  type MetricsPoint,
} from '@/features/system/lib/metrics-history';
import {
  addSystemEvent,
  failureEvent,
  type SystemEvent,
} from '@/features/system/lib/system-events';

/**
 * What the system screen keeps in the browser rather than fetches: the last minutes of metrics
 * samples (for the charts) and the recent events heard live or raised by failed loads. Both live
 * in the query cache, so they outlast a visit to another page and each test gets a fresh one.
 */

/** Records a metrics sample (a poll's answer or a live systemMetrics) in the chart history. */
export function recordMetricsSample(queryClient: QueryClient, metrics: SystemMetrics): void {
  queryClient.setQueryData<MetricsPoint[]>(queryKeys.system.history(), (history = []) =>
    appendMetricsPoint(history, toMetricsPoint(metrics)),
  );
}

/** Adds an event to Recent System Events. */
export function recordSystemEvent(queryClient: QueryClient, event: SystemEvent): void {
  queryClient.setQueryData<SystemEvent[]>(queryKeys.system.events(), (events = []) =>
    addSystemEvent(events, event),
  );
}

/** Records a failed load as the 'Failed to load system data' event. */
export function recordLoadFailure(queryClient: QueryClient, error: unknown): void {
  const reason = error instanceof Error && error.message ? error.message : 'Request failed';
  recordSystemEvent(queryClient, failureEvent(reason, new Date()));
}

// Never fetched: the query function hands back what is cached, so an invalidation of the whole
// area cannot wipe the history.
function useKeptList<T>(queryKey: readonly unknown[]): T[] {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey,
    queryFn: () => queryClient.getQueryData<T[]>(queryKey) ?? [],
    initialData: () => queryClient.getQueryData<T[]>(queryKey) ?? [],
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data;
}

/** The chart history, oldest first. */
export function useMetricsHistory(): MetricsPoint[] {
  return useKeptList<MetricsPoint>(queryKeys.system.history());
}

/** Events heard live and load failures, newest first. */
export function useLocalSystemEvents(): SystemEvent[] {
  return useKeptList<SystemEvent>(queryKeys.system.events());
}

/**
 * Runs one load of the screen; a failure (not a cancellation) adds the 'Failed to load system
 * data' event before it reaches the query.
 */
export async function loadRecordingFailure<T>(
  queryClient: QueryClient,
  signal: AbortSignal,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!signal.aborted) recordLoadFailure(queryClient, error);
    throw error;
  }
}
