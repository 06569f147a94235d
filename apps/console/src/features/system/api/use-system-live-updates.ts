import type { SystemAlert, SystemMetrics } from '@patrol/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { queryKeys } from '@/lib/query-keys';
import { useRealtimeEvent } from '@/lib/realtime-provider';
import { recordMetricsSample, recordSystemEvent } from '@/features/system/api/system-live-cache';
import { alertEvent, alertSourceLabels } from '@/features/system/lib/system-events';

/** The toast of a systemAlert: red for a critical or high issue, amber for others, green when cleared. */
export function showSystemAlertToast(alert: SystemAlert): void {
  const options = {
    id: `system-alert-${alert.id}`,
    description: `${alertSourceLabels[alert.source]} · ${alert.worker}`,
  };
  if (alert.state === 'resolved') toast.success(alert.message, options);
  else if (alert.severity === 'critical' || alert.severity === 'high') {
    toast.error(alert.message, options);
  } else toast.warning(alert.message, options);
}

/**
 * The live stream while the system screen is open. systemMetrics (every 5 s from the process this
 * console is connected to) replaces the figures and feeds the charts, unless `live` is off (the
 * auto-refresh checkbox). systemAlert always raises a toast and an event, and reloads the health
 * score when live.
 */
export function useSystemLiveUpdates({ live }: { live: boolean }): void {
  const queryClient = useQueryClient();

  useRealtimeEvent('systemMetrics', (metrics: SystemMetrics) => {
    if (!live) return;
    queryClient.setQueryData(queryKeys.system.metrics(), metrics);
    recordMetricsSample(queryClient, metrics);
  });

  useRealtimeEvent('systemAlert', (alert: SystemAlert) => {
    recordSystemEvent(queryClient, alertEvent(alert));
    showSystemAlertToast(alert);
    if (live) void queryClient.invalidateQueries({ queryKey: queryKeys.system.health() });
  });
}
