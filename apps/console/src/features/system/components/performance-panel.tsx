import { healthThresholds, metricLevel, type MetricLevel } from '@patrol/domain';
import { GaugeIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  FigureList,
  Panel,
  PanelSkeleton,
  PanelUnavailable,
} from '@/features/system/components/panel-parts';
import type { MetricsPanelProps } from '@/features/system/components/resource-panels';
import { formatCount, formatMs, formatPercent } from '@/features/system/lib/system-format';
import { cn } from '@/lib/cn';

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
