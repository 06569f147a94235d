import type { ActiveUsers, SystemMetrics } from '@patrol/contracts';
import { healthThresholds } from '@patrol/domain';
import { MemoryStickIcon, UsersIcon } from 'lucide-react';
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
  formatPercent,
  percentOf,
} from '@/features/system/lib/system-format';

export type MetricsPanelProps = {
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
