import type { ClusterInfo, SystemHealth, SystemMetrics } from '@patrol/contracts';
import {
  ActivityIcon,
  CircleHelpIcon,
  ClockIcon,
  DatabaseIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { formatBusinessDateTime } from '@/lib/company-time';
import { healthStatusLabels } from '@/features/system/components/health-issues-card';
import { databaseLabel } from '@/features/system/components/database-panel';
import { formatClock, formatMs } from '@/features/system/lib/system-format';
import { formatUptime } from '@patrol/domain';

type Tone = 'success' | 'warning' | 'danger' | 'default';

const toneColours: Record<Tone, string> = {
  default: 'bg-slate-100 text-slate-600',
  success: 'bg-green-50 text-green-600',
  warning: 'bg-amber-50 text-amber-600',
  danger: 'bg-red-50 text-red-600',
};

type SummaryCardProps = {
  title: string;
  icon: LucideIcon;
  value: ReactNode;
  description?: ReactNode;
  tone?: Tone;
  /** A help text behind a question-mark button beside the title. */
  help?: string;
};

function SummaryCard({
  title,
  icon: Icon,
  value,
  description,
  tone = 'default',
  help,
}: SummaryCardProps) {
  return (
    <Card className="gap-2 py-4" role="group" aria-label={title}>
      <CardContent className="flex items-start justify-between gap-3 px-4">
        <div className="min-w-0">
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            {title}
            {help && (
              <TooltipProvider>
                <Tooltip>
                  <TooltipTrigger asChild>
                    <button
                      type="button"
                      aria-label={`About ${title}`}
                      className="rounded-full text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      <CircleHelpIcon aria-hidden="true" className="size-3.5" />
                    </button>
                  </TooltipTrigger>
                  <TooltipContent>{help}</TooltipContent>
                </Tooltip>
              </TooltipProvider>
            )}
          </p>
          <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
          {description && <p className="mt-1 text-xs text-muted-foreground">{description}</p>}
        </div>
        <span
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-md',
            toneColours[tone],
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </CardContent>
    </Card>
  );
}

const loading = <Skeleton className="h-7 w-20" />;

export const activeUsersHelp =
  'Staff with the console open right now, on any API process, each counted once: on a computer ' +
  '(dashboard) or a phone or tablet (mobile). Admin counts the superadmin and Admin roles. ' +
  'Patrol devices are not staff and are not counted.';

type SummaryCardsProps = {
  health: SystemHealth | undefined;
  metrics: SystemMetrics | undefined;
  cluster: ClusterInfo | undefined;
  /** Calls that failed with nothing loaded before: their figures read N/A, not a skeleton. */
  failed: { health: boolean; metrics: boolean };
};

/** System Status, Database, Active Users (with its help tooltip) and Uptime. */
export function SummaryCards({ health, metrics, cluster, failed }: SummaryCardsProps) {
  const healthPending = failed.health ? 'N/A' : loading;
  const metricsPending = failed.metrics ? 'N/A' : loading;
  // The live figure first: metrics arrive every 5 s, the health answer every 30 s.
  const databaseConnected =
    metrics?.database.connected ??
    (health ? health.components.database.status === 'connected' : undefined);
  const latency = metrics?.database.latencyMs ?? health?.components.database.latencyMs ?? null;
  const users = metrics?.activeUsers;
  const startedAt =
    metrics && new Date(new Date(metrics.timestamp).getTime() - metrics.uptime * 1000);

  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard
        title="System Status"
        icon={ActivityIcon}
        tone={
          !health
            ? 'default'
            : health.status === 'healthy'
              ? 'success'
              : health.status === 'warning'
                ? 'warning'
                : 'danger'
        }
        value={health ? (health.online ? 'Online' : 'Offline') : healthPending}
        description={
          health &&
          `${healthStatusLabels[health.status]} · API ${health.components.api.status} · checked ${formatClock(health.timestamp)}`
        }
      />
      <SummaryCard
        title="Database"
        icon={DatabaseIcon}
        tone={
          databaseConnected === undefined ? 'default' : databaseConnected ? 'success' : 'danger'
        }
        value={
          databaseConnected === undefined
            ? failed.health && failed.metrics
              ? 'N/A'
              : loading
            : databaseConnected
              ? 'Connected'
              : 'Disconnected'
        }
        description={
          databaseConnected !== undefined &&
          [
            cluster && databaseLabel(cluster.database),
            latency !== null && `latency ${formatMs(latency)}`,
          ]
            .filter(Boolean)
            .join(' · ')
        }
      />
      <SummaryCard
        title="Active Users"
        icon={UsersIcon}
        help={activeUsersHelp}
        value={users ? users.total.toLocaleString('en-MY') : metricsPending}
        description={
          users &&
          `${users.dashboard.total} dashboard · ${users.mobile.total} mobile · ${users.admin} admin`
        }
      />
      <SummaryCard
        title="Uptime"
        icon={ClockIcon}
        value={metrics ? formatUptime(metrics.uptime) : metricsPending}
        description={startedAt && `since ${formatBusinessDateTime(startedAt)}`}
      />
    </div>
  );
}
