import { canPerform } from '@patrol/domain';
import { DownloadIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { AutoRefreshControl } from '@/components/auto-refresh-control';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { useRealtimeStatus } from '@/lib/realtime-provider';
import { useExportSystemReport } from '@/features/system/api/export-system-report';
import { useSystemCluster } from '@/features/system/api/get-system-cluster';
import { useSystemHealth } from '@/features/system/api/get-system-health';
import { useSystemMetrics } from '@/features/system/api/get-system-metrics';
import { useLocalSystemEvents, useMetricsHistory } from '@/features/system/api/system-live-cache';
import { systemAutoRefreshMs, systemLoadBreakerNames } from '@/features/system/api/system-request';
import { breakerPresets } from '@/lib/breaker';
import { useAuth } from '@/lib/auth';
import { useBreakerHealth } from '@/lib/use-breaker-health';
import { useSystemLiveUpdates } from '@/features/system/api/use-system-live-updates';
import { ClusterPanel } from '@/features/system/components/cluster-panel';
import { DatabasePanel } from '@/features/system/components/database-panel';
import { EnvironmentBanner } from '@/features/system/components/environment-banner';
import { HealthIssuesCard } from '@/features/system/components/health-issues-card';
import { MetricsCharts } from '@/features/system/components/metrics-charts';
import { RecentEventsPanel } from '@/features/system/components/recent-events-panel';
import { RecommendationsPanel } from '@/features/system/components/recommendations-panel';
import { PerformancePanel } from '@/features/system/components/performance-panel';
import { ActiveUsersPanel, MemoryPanel } from '@/features/system/components/resource-panels';
import { SummaryCards } from '@/features/system/components/summary-cards';
import {
  StaleNotice,
  SystemErrorCard,
  SystemStatusLine,
} from '@/features/system/components/system-status-line';
import { SystemInformationPanel } from '@/features/system/components/system-information-panel';
import { mergeSystemEvents } from '@/features/system/lib/system-events';

const failedExportMessage = 'Failed to export the system report';

function reasonOf(error: Error | null): string | null {
  return error ? error.message || 'Request failed' : null;
}

/** The system monitoring panel (/system-status, spec 2 section 2.6). */
export function SystemStatusPage() {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const health = useSystemHealth({ autoRefresh });
  const metrics = useSystemMetrics({ autoRefresh });
  const cluster = useSystemCluster({ autoRefresh });
  useSystemLiveUpdates({ live: autoRefresh });
  const history = useMetricsHistory();
  const localEvents = useLocalSystemEvents();
  const breaker = useBreakerHealth(systemLoadBreakerNames, breakerPresets.service);
  const realtime = useRealtimeStatus();
  const exportReport = useExportSystemReport();
  const { user } = useAuth();

  const queries = [health, metrics, cluster];
  const fetching = queries.some((query) => query.isFetching);
  const refetchAll = () => {
    for (const query of queries) void query.refetch();
  };
  const reasons = [
    ...new Set(
      queries
        .filter((query) => query.isError)
        .map((query) => reasonOf(query.error))
        .filter((reason): reason is string => reason !== null),
    ),
  ];
  const nothingLoaded = queries.every((query) => query.data === undefined);
  const everyCallFailed = queries.every((query) => query.isError);
  const metricsError = reasonOf(metrics.error);
  const events = mergeSystemEvents(localEvents, health.data?.recentAlerts ?? []);

  const toggleAutoRefresh = (on: boolean) => {
    setAutoRefresh(on);
    // Back on: catch up at once rather than at the next 30 s tick.
    if (on) refetchAll();
  };

  const runExport = () =>
    exportReport.mutate(undefined, {
      onSuccess: (fileName) => toast.success('System report downloaded', { description: fileName }),
      onError: (error) =>
        toast.error(failedExportMessage, { description: reasonOf(error) ?? undefined }),
    });

  const actions = (
    <>
      <AutoRefreshControl
        on={autoRefresh}
        onChange={toggleAutoRefresh}
        interval={`every ${systemAutoRefreshMs / 1000} s`}
      />
      <Button variant="outline" onClick={refetchAll} disabled={fetching}>
        <RefreshCwIcon aria-hidden="true" className={fetching ? 'animate-spin' : undefined} />
        {fetching ? 'Refreshing...' : 'Refresh'}
      </Button>
      {canPerform(user, 'exportSystemReport') && (
        <Button onClick={runExport} disabled={exportReport.isPending}>
          <DownloadIcon aria-hidden="true" />
          {exportReport.isPending ? 'Exporting...' : 'Export Report'}
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader title="System" subtitle="System health and performance" actions={actions} />
      {nothingLoaded && everyCallFailed ? (
        <div className="space-y-4">
          <SystemErrorCard reasons={reasons} retrying={fetching} onRetry={refetchAll} />
          <RecentEventsPanel events={events} />
        </div>
      ) : (
        <div className="space-y-4">
          <SystemStatusLine
            realtime={realtime}
            paused={!autoRefresh}
            sampledAt={metrics.data?.timestamp}
            breaker={breaker}
          />
          {reasons.length > 0 && !nothingLoaded && (
            <StaleNotice reasons={reasons} retrying={fetching} onRetry={refetchAll} />
          )}
          <EnvironmentBanner metrics={metrics.data} failed={metrics.isError} />
          <HealthIssuesCard health={health.data} error={reasonOf(health.error)} />
          <SummaryCards
            health={health.data}
            metrics={metrics.data}
            cluster={cluster.data}
            failed={{ health: health.isError, metrics: metrics.isError }}
          />
          <MetricsCharts history={history} />
          <div className="grid gap-4 lg:grid-cols-3">
            <ActiveUsersPanel metrics={metrics.data} error={metricsError} />
            <MemoryPanel metrics={metrics.data} error={metricsError} />
            <PerformancePanel metrics={metrics.data} error={metricsError} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <DatabasePanel database={cluster.data?.database} error={reasonOf(cluster.error)} />
            <SystemInformationPanel metrics={metrics.data} error={metricsError} />
          </div>
          <ClusterPanel cluster={cluster.data} error={reasonOf(cluster.error)} />
          <div className="grid gap-4 lg:grid-cols-2">
            <RecommendationsPanel
              health={health.data?.recommendations}
              cluster={cluster.data?.recommendations}
              error={health.isError && cluster.isError ? reasonOf(health.error) : null}
            />
            <RecentEventsPanel events={events} />
          </div>
        </div>
      )}
    </>
  );
}
