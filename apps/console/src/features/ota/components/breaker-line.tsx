import { breakerPresets, type BreakerHealth } from '@/lib/breaker';
import { cn } from '@/lib/cn';
import { formatCheckTime } from '@/features/ota/lib/ota-format';

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
