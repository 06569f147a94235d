import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartLineIcon } from 'lucide-react';
import { Panel } from '@/features/system/components/panel-parts';
import { pointsOfLatestWorker, type MetricsPoint } from '@/features/system/lib/metrics-history';
import { formatClock } from '@/features/system/lib/system-format';

type Series = { key: keyof MetricsPoint; name: string; colour: string };

type ChartSpec = {
  title: string;
  unit: string;
  series: Series[];
};

const charts: ChartSpec[] = [
  {
    title: 'Memory',
    unit: 'MB',
    series: [
      { key: 'heapUsedMb', name: 'Heap used', colour: '#2563eb' },
      { key: 'rssMb', name: 'RSS', colour: '#94a3b8' },
    ],
  },
  { title: 'CPU', unit: '%', series: [{ key: 'cpuPercent', name: 'CPU', colour: '#16a34a' }] },
  {
    title: 'Requests',
    unit: '/min',
    series: [{ key: 'requestsPerMinute', name: 'Requests per minute', colour: '#7c3aed' }],
  },
  {
    title: 'Response time',
    unit: 'ms',
    series: [
      { key: 'responseTimeMs', name: 'Mean', colour: '#f59e0b' },
      { key: 'p95Ms', name: 'p95', colour: '#dc2626' },
    ],
  },
];

const clockTick = (at: number) => formatClock(at).slice(0, 5);

function latestText(spec: ChartSpec, latest: MetricsPoint | undefined): string {
  if (!latest) return 'waiting for samples';
  const value = latest[spec.series[0]!.key];
  return typeof value === 'number' ? `now ${value.toLocaleString('en-MY')} ${spec.unit}` : 'now –';
}

function TrendChart({ spec, points }: { spec: ChartSpec; points: MetricsPoint[] }) {
  const latest = points.at(-1);
  return (
    <figure aria-label={`${spec.title} trend`} className="min-w-0">
      <figcaption className="mb-1 text-xs">
        <span className="block font-medium">
          {spec.title} <span className="text-muted-foreground">({spec.unit})</span>
        </span>
        <span className="block text-muted-foreground tabular-nums" data-testid="chart-latest">
          {latestText(spec, latest)} · {points.length} {points.length === 1 ? 'sample' : 'samples'}
        </span>
      </figcaption>
      <div className="h-28">
        <ResponsiveContainer
          width="100%"
          height="100%"
          initialDimension={{ width: 240, height: 112 }}
        >
          <LineChart data={points} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" className="stroke-muted" vertical={false} />
            <XAxis
              dataKey="at"
              type="number"
              scale="time"
              domain={['dataMin', 'dataMax']}
              tickFormatter={clockTick}
              tick={{ fontSize: 10 }}
              minTickGap={40}
            />
            <YAxis tick={{ fontSize: 10 }} width={36} allowDecimals={false} />
            <Tooltip
              labelFormatter={(at) => formatClock(Number(at))}
              formatter={(value) => `${Number(value).toLocaleString('en-MY')} ${spec.unit}`}
            />
            {spec.series.map((series) => (
              <Line
                key={series.key}
                type="monotone"
                dataKey={series.key}
                name={series.name}
                stroke={series.colour}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
                connectNulls
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/**
 * The last minutes of memory, CPU, requests and response time from the live systemMetrics
 * stream (one point every 5 s, 60 kept), so a trend shows rather than one number.
 */
export function MetricsCharts({ history }: { history: readonly MetricsPoint[] }) {
  const points = pointsOfLatestWorker(history);
  const first = points[0];
  const last = points.at(-1);
  const span =
    first && last && last.at > first.at
      ? `last ${Math.max(1, Math.round((last.at - first.at) / 60_000))} min`
      : 'live';
  return (
    <Panel
      title="Live Trends"
      icon={ChartLineIcon}
      aside={
        <span className="text-xs text-muted-foreground">
          {last ? `${span} of ${last.worker}` : 'waiting for the first sample'}
        </span>
      }
    >
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {charts.map((spec) => (
          <TrendChart key={spec.title} spec={spec} points={points} />
        ))}
      </div>
    </Panel>
  );
}
