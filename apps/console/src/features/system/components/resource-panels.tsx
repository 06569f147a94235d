import type { ActiveUsers, SystemMetrics } from '@patrol/contracts';
import { healthThresholds, metricLevel, type MetricLevel } from '@patrol/domain';
import { GaugeIcon, MemoryStickIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import {
  FigureList,
  Panel,
  PanelSkeleton,
  PanelUnavailable,
  UsageBar,
} from '@/features/system/components/panel-parts';
import {
  formatBytes,
  formatCount,
  formatMs,
  formatPercent,
  percentOf,
} from '@/features/system/lib/system-format';

type MetricsPanelProps = {
  metrics: SystemMetrics | undefined;
  /** The metrics call failed and nothing was loaded before. */
  error?: string | null;
};

/** One sentence about who is connected. */
export function activeUsersInsight(users: ActiveUsers): string {
  if (users.total === 0) return 'Nobody has the console open right now.';
  const where =
    users.dashboard.total === users.mobile.total
      ? 'Staff are split evenly between computers and mobiles'
      : users.dashboard.total > users.mobile.total
        ? `Most staff are at a computer (${users.dashboard.total} of ${users.total})`
        : `Most staff are on a mobile (${users.mobile.total} of ${users.total})`;
  const admins =
    users.admin === 0
      ? 'no administrator is online'
      : `${users.admin} ${users.admin === 1 ? 'administrator is' : 'administrators are'} online`;
  return `${where}; ${admins}.`;
}

/** Active Users Summary: total, mobile, dashboard and admin users, with a quick insight. */
export function ActiveUsersPanel({ metrics, error }: MetricsPanelProps) {
  const users = metrics?.activeUsers;
  return (
    <Panel title="Active Users Summary" icon={UsersIcon}>
      {!users ? (
        error ? (
          <PanelUnavailable message={error} />
        ) : (
          <PanelSkeleton rows={4} />
        )
      ) : (
        <div className="space-y-3">
          <dl className="grid grid-cols-2 gap-2">
            {[
              { label: 'Total', value: users.total },
              { label: 'Mobile', value: users.mobile.total },
              { label: 'Dashboard', value: users.dashboard.total },
              { label: 'Admin', value: users.admin },
            ].map((tile) => (
              <div key={tile.label} className="rounded-md bg-muted/60 px-3 py-2">
                <dt className="text-xs text-muted-foreground">{tile.label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{formatCount(tile.value)}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-muted-foreground">{activeUsersInsight(users)}</p>
        </div>
      )}
    </Panel>
  );
}

/** Memory Usage: the heap against V8's limit, the process's resident memory and the machine's. */
export function MemoryPanel({ metrics, error }: MetricsPanelProps) {
  if (!metrics) {
    return (
      <Panel title="Memory Usage" icon={MemoryStickIcon}>
        {error ? <PanelUnavailable message={error} /> : <PanelSkeleton rows={5} />}
      </Panel>
    );
  }
  const { memory, system } = metrics;
  const heapPercent = percentOf(memory.heapUsed, memory.heapLimit);
  const serverUsed = system.totalMem - system.freeMem;
  const serverPercent = percentOf(serverUsed, system.totalMem);
  return (
    <Panel title="Memory Usage" icon={MemoryStickIcon}>
      <div className="space-y-3">
        <FigureList
          rows={[
            {
              label: 'Heap used',
              value: `${formatBytes(memory.heapUsed)} (${formatPercent(heapPercent)})`,
            },
          ]}
        />
        <UsageBar
          percent={heapPercent}
          label="Heap used against its limit"
          thresholds={healthThresholds.heapMemoryPercent}
        />
        <FigureList
          rows={[
            { label: 'Heap limit', value: formatBytes(memory.heapLimit) },
            { label: 'Heap allocated', value: formatBytes(memory.heapTotal) },
            { label: 'Process (RSS)', value: formatBytes(memory.rss) },
            {
              label: 'Server memory',
              value: `${formatBytes(serverUsed)} of ${formatBytes(system.totalMem)}`,
            },
          ]}
        />
        <UsageBar
          percent={serverPercent}
          label="Server memory in use"
          thresholds={{ warning: 80, critical: healthThresholds.serverMemoryPercent.critical }}
        />
      </div>
    </Panel>
  );
}

const levelColours: Record<MetricLevel, string> = {
  normal: '',
  warning: 'text-amber-700',
  critical: 'text-red-600',
};

function Tile({
  label,
  value,
  level = 'normal',
}: {
  label: string;
  value: ReactNode;
  level?: MetricLevel;
}) {
  return (
    <div className="rounded-md bg-muted/60 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('text-lg font-semibold tabular-nums', levelColours[level])}>{value}</dd>
    </div>
  );
}

/**
 * Performance Metrics: response speed (mean and percentiles over the last minute), processing load
 * (the machine's load average per core, what the CPU health issue measures), requests per minute,
 * error rate, and the event loop's delay, as this process measured them.
 */
export function PerformancePanel({ metrics, error }: MetricsPanelProps) {
  if (!metrics) {
    return (
      <Panel title="Performance Metrics" icon={GaugeIcon}>
        {error ? <PanelUnavailable message={error} /> : <PanelSkeleton rows={6} />}
      </Panel>
    );
  }
  const { cpu, responseTimes, eventLoop, system } = metrics;
  const loadPerCore = (cpu.loadAverage[0] ?? 0) / Math.max(1, system.cpuCount);
  const enoughRequests = metrics.requestsPerMinute >= 20;
  return (
    <Panel title="Performance Metrics" icon={GaugeIcon}>
      <div className="space-y-3">
        <dl className="grid grid-cols-2 gap-2">
          <Tile
            label="Response speed"
            value={formatMs(metrics.responseTime)}
            level={metricLevel(metrics.responseTime, healthThresholds.responseTimeMs)}
          />
          <Tile
            label="Processing load"
            value={`${loadPerCore.toFixed(2)}/core`}
            level={metricLevel(loadPerCore, healthThresholds.cpuLoadAverage)}
          />
          <Tile label="Requests per minute" value={formatCount(metrics.requestsPerMinute)} />
          <Tile
            label="Error rate"
            value={formatPercent(metrics.errorRate)}
            level={
              enoughRequests
                ? metricLevel(metrics.errorRate, healthThresholds.errorRatePercent)
                : 'normal'
            }
          />
        </dl>
        <FigureList
          rows={[
            {
              label: 'p50 / p95 / p99',
              value: [responseTimes.p50, responseTimes.p95, responseTimes.p99]
                .map((value) => (value === null ? '–' : Math.round(value).toLocaleString('en-MY')))
                .join(' / ')
                .concat(' ms'),
            },
            { label: 'Process CPU', value: `${formatPercent(cpu.percentage)} of one core` },
            {
              label: 'Load 1/5/15 min',
              value: cpu.loadAverage.map((value) => value.toFixed(2)).join(' / '),
            },
            { label: 'Event-loop lag', value: formatMs(eventLoop.lagMs) },
            {
              label: 'Lag p99 / max',
              value: `${formatMs(eventLoop.p99Ms)} / ${formatMs(eventLoop.maxMs)}`,
            },
            { label: 'Console sockets', value: formatCount(metrics.activeConnections) },
          ]}
        />
      </div>
    </Panel>
  );
}
