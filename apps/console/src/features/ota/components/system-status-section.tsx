import {
  connectionStateLabels,
  formatFileSize,
  formatUptime,
  type ConnectionState,
} from '@patrol/domain';
import { DatabaseIcon, HardDriveIcon, ServerIcon, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { breakerPresets, type BreakerHealth } from '@/lib/breaker';
import { cn } from '@/lib/cn';
import type { OtaHealth } from '@/features/ota/api/get-ota-health';
import type { OtaRequestError } from '@/features/ota/api/ota-request';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';
import { formatCheckTime } from '@/features/ota/lib/ota-format';
import { apiConnectionState, connectionTones, serviceState } from '@/features/ota/lib/ota-status';

type Detail = { label: string; value: string };

type ServiceCardProps = {
  title: string;
  icon: LucideIcon;
  state: ConnectionState;
  lastCheck: string;
  details: Detail[];
  error?: string;
  hint?: string;
};

function ServiceCard({
  title,
  icon: Icon,
  state,
  lastCheck,
  details,
  error,
  hint,
}: ServiceCardProps) {
  return (
    <Card className="gap-3 py-4" role="group" aria-label={title}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardTitle className="flex items-center gap-2 text-sm font-medium">
          <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
          {title}
        </CardTitle>
        <Badge variant={connectionTones[state]}>{connectionStateLabels[state]}</Badge>
      </CardHeader>
      <CardContent className="px-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Last check</dt>
          <dd className="text-right tabular-nums">{lastCheck}</dd>
          {details.map((detail) => (
            <div key={detail.label} className="contents">
              <dt className="text-muted-foreground">{detail.label}</dt>
              <dd className="text-right tabular-nums">{detail.value}</dd>
            </div>
          ))}
        </dl>
        {error && (
          <p className="mt-2 text-sm text-destructive" role="note">
            {error}
            {hint && <span className="block text-muted-foreground">{hint}</span>}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

type SystemStatusSectionProps = {
  health: OtaHealth | undefined;
  /** The last health call's failure, while it is the latest outcome. */
  error: OtaRequestError | null;
  /** When the last health call ended, success or not (ms since epoch; 0 before any). */
  checkedAt: number;
  checking: boolean;
  authError: boolean;
  breaker: BreakerHealth;
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** System Status (API, database, file system), System Statistics and the breaker's state. */
export function SystemStatusSection({
  health,
  error,
  checkedAt,
  checking,
  authError,
  breaker,
}: SystemStatusSectionProps) {
  const inputs = { authError, breakerOpen: breaker.state === 'OPEN', error, checking };
  const apiState = apiConnectionState(inputs, health?.services.api.status);
  const databaseState = serviceState(inputs, health?.services.database.status);
  const fileSystemState = serviceState(inputs, health?.services.filesystem.status);
  const serviceCheck = formatCheckTime(health?.timestamp);
  const serviceError = (state: ConnectionState) =>
    state === 'error' || state === 'warning' ? health?.error : undefined;
  const apiError =
    authError && !error ? otaScreenMessages.unauthorized : (error?.message ?? undefined);

  return (
    <section aria-labelledby="ota-system-status" className="space-y-3">
      <h2 id="ota-system-status" className="text-base font-semibold">
        System Status
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <ServiceCard
          title="API Connection"
          icon={ServerIcon}
          state={apiState}
          lastCheck={formatCheckTime(checkedAt || null)}
          details={
            health
              ? [
                  { label: 'Latency', value: `${health.apiLatencyMs} ms` },
                  { label: 'Uptime', value: formatUptime(health.services.api.uptime) },
                ]
              : []
          }
          error={apiError}
          hint={apiState === 'unauthorized' ? otaScreenMessages.unauthorizedHint : undefined}
        />
        <ServiceCard
          title="Database"
          icon={DatabaseIcon}
          state={databaseState}
          lastCheck={serviceCheck}
          details={
            health
              ? [
                  {
                    label: 'Latency',
                    value:
                      health.services.database.latency === null
                        ? 'N/A'
                        : `${health.services.database.latency} ms`,
                  },
                  { label: 'Connection', value: health.services.database.connection },
                ]
              : []
          }
          error={serviceError(databaseState)}
        />
        <ServiceCard
          title="File System"
          icon={HardDriveIcon}
          state={fileSystemState}
          lastCheck={serviceCheck}
          details={
            health
              ? [
                  { label: 'Writable', value: yesNo(health.services.filesystem.writable) },
                  {
                    label: 'Free space',
                    value: formatFileSize(health.services.filesystem.freeBytes),
                  },
                ]
              : []
          }
          error={serviceError(fileSystemState)}
        />
      </div>
      <SystemStatistics health={health} checking={checking} />
      <BreakerLine breaker={breaker} />
    </section>
  );
}

function SystemStatistics({ health, checking }: { health?: OtaHealth; checking: boolean }) {
  const statistics = health?.statistics;
  const value = (figure: string | number | undefined) =>
    figure === undefined ? checking ? <Skeleton className="ml-auto h-4 w-10" /> : 'N/A' : figure;
  return (
    <Card className="py-4" role="group" aria-label="System Statistics">
      <CardContent className="px-4">
        <h3 className="mb-2 text-sm font-medium">System Statistics</h3>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Active versions</dt>
            <dd className="tabular-nums">{value(statistics?.activeVersions)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Total versions</dt>
            <dd className="tabular-nums">{value(statistics?.totalVersions)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Platforms</dt>
            <dd>
              {value(
                statistics &&
                  (statistics.platforms.length > 0 ? statistics.platforms.join(', ') : 'None'),
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

const otaBreakerOptions = breakerPresets.otaManagement;
const breakerStateLabels = { CLOSED: 'Closed', OPEN: 'Open', HALF_OPEN: 'Half-open' } as const;

/** The circuit-breaker state line (spec 2 section 2.5). */
export function BreakerLine({ breaker }: { breaker: BreakerHealth }) {
  const detail =
    breaker.state === 'OPEN'
      ? `requests paused until ${formatCheckTime(breaker.nextAttemptAt)}`
      : breaker.state === 'HALF_OPEN'
        ? 'the next request is a trial'
        : `${breaker.failureCount} of ${otaBreakerOptions.failureThreshold} failures in the last ${otaBreakerOptions.monitoringWindowMs / 1000} s`;
  return (
    <p
      role="status"
      aria-label="Circuit breaker"
      className={cn(
        'flex flex-wrap items-center gap-2 text-sm',
        breaker.state === 'CLOSED' ? 'text-muted-foreground' : 'text-amber-700',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          breaker.state === 'CLOSED'
            ? 'bg-green-500'
            : breaker.state === 'OPEN'
              ? 'bg-red-500'
              : 'bg-amber-500',
        )}
      />
      Circuit breaker: {breakerStateLabels[breaker.state]} ({detail})
    </p>
  );
}
