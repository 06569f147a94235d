import { formatFileSize, formatUptime, type ConnectionState } from '@patrol/domain';
import { DatabaseIcon, HardDriveIcon, ServerIcon } from 'lucide-react';
import type { BreakerHealth } from '@/lib/breaker';
import type { OtaHealth } from '@/features/ota/api/get-ota-health';
import type { OtaRequestError } from '@/features/ota/api/ota-request';
import { BreakerLine } from '@/features/ota/components/breaker-line';
import { ServiceCard } from '@/features/ota/components/service-card';
import { SystemStatistics } from '@/features/ota/components/system-statistics';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';
import { formatCheckTime } from '@/features/ota/lib/ota-format';
import { apiConnectionState, serviceState } from '@/features/ota/lib/ota-status';

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
