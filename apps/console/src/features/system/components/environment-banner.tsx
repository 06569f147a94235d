import type { SystemMetrics } from '@patrol/contracts';
import { classifyEnvironment, humanise } from '@patrol/domain';
import { GlobeIcon, LockIcon, LockOpenIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/features/system/lib/system-format';

const hostingLabels = {
  local: 'Local machine',
  cloud: 'Cloud server',
  dedicated: 'Dedicated server',
} as const;

// Production is the calm case; anything else is worth noticing before acting on its figures.
function bannerTone(environment: string): string {
  if (environment === 'production') return 'border-slate-200 bg-slate-50 text-slate-800';
  if (environment === 'development') return 'border-amber-200 bg-amber-50 text-amber-900';
  return 'border-sky-200 bg-sky-50 text-sky-900';
}

/** The environment banner (spec 2 section 2.6): where these figures come from. */
export function EnvironmentBanner({
  metrics,
  failed = false,
}: {
  metrics: SystemMetrics | undefined;
  /** The metrics call failed: no banner rather than a skeleton that never fills. */
  failed?: boolean;
}) {
  if (!metrics) {
    return failed ? null : <Skeleton className="h-12 w-full" />;
  }
  const { environment, system, worker } = metrics;
  const hosting = classifyEnvironment(environment, system.totalMem);
  return (
    <section
      aria-label="Environment"
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border px-4 py-2.5 text-sm',
        bannerTone(environment),
      )}
    >
      <span className="flex items-center gap-2 font-semibold">
        <GlobeIcon aria-hidden="true" className="size-4" />
        {humanise(environment)} environment
      </span>
      <span>
        {hostingLabels[hosting]} · {system.cpuCount} {system.cpuCount === 1 ? 'core' : 'cores'} ·{' '}
        {formatBytes(system.totalMem)} memory
      </span>
      <span className="text-muted-foreground">
        Served by {worker.hostname} (pid {worker.pid})
      </span>
      <span className="ml-auto flex items-center gap-2">
        <Badge variant="outline">v{metrics.version}</Badge>
        <Badge variant={metrics.https ? 'success' : 'warning'}>
          {metrics.https ? <LockIcon aria-hidden="true" /> : <LockOpenIcon aria-hidden="true" />}
          {metrics.https ? 'HTTPS' : 'No HTTPS'}
        </Badge>
      </span>
    </section>
  );
}
