import { RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { breakerPresets, type BreakerHealth } from '@/lib/breaker';
import { cn } from '@/lib/cn';
import { companyTimeZoneLabel, useCompanyTimeZone } from '@/lib/company-time';
import type { RealtimeStatus } from '@/lib/socket';
import { systemLoadFailedMessage } from '@/features/system/lib/system-events';
import { formatClock } from '@/features/system/lib/system-format';

const liveLabels: Record<RealtimeStatus, string> = {
  connected: 'Live',
  connecting: 'Connecting…',
  disconnected: 'Offline',
};

const breakerStateLabels = { CLOSED: 'Closed', OPEN: 'Open', HALF_OPEN: 'Half-open' } as const;

function breakerDetail(breaker: BreakerHealth): string {
  const { failureThreshold, monitoringWindowMs } = breakerPresets.service;
  if (breaker.state === 'OPEN') {
    return `requests paused until ${formatClock(breaker.nextAttemptAt)}`;
  }
  if (breaker.state === 'HALF_OPEN') return 'the next request is a trial';
  return `${breaker.failureCount} of ${failureThreshold} failures in the last ${monitoringWindowMs / 1000} s`;
}

type SystemStatusLineProps = {
  realtime: RealtimeStatus;
  /** Auto-refresh is off: live samples are not applied. */
  paused: boolean;
  /** When the figures shown were measured (ISO), if any. */
  sampledAt: string | undefined;
  breaker: BreakerHealth;
};

/**
 * Whether the stream is live, when the figures were measured (naming the company's time zone,
 * in which every time of the screen is shown), and the service breaker's state.
 */
export function SystemStatusLine({ realtime, paused, sampledAt, breaker }: SystemStatusLineProps) {
  const live = realtime === 'connected' && !paused;
  const timeZone = useCompanyTimeZone();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className={cn(
            'size-2 rounded-full',
            live ? 'animate-pulse bg-green-500' : paused ? 'bg-slate-400' : 'bg-amber-500',
          )}
        />
        {paused ? 'Paused (auto-refresh off)' : `${liveLabels[realtime]} figures`}
        {sampledAt &&
          ` · measured ${formatClock(sampledAt)} · times in ${companyTimeZoneLabel(new Date(sampledAt), timeZone)}`}
      </span>
      <p
        role="status"
        aria-label="Circuit breaker"
        className={cn(breaker.state === 'CLOSED' ? undefined : 'text-amber-700')}
      >
        Circuit breaker: {breakerStateLabels[breaker.state]} ({breakerDetail(breaker)})
      </p>
    </div>
  );
}

type SystemErrorCardProps = { reasons: string[]; retrying: boolean; onRetry: () => void };

/** Nothing could be loaded: what failed and Try Again, in place of the panels. */
export function SystemErrorCard({ reasons, retrying, onRetry }: SystemErrorCardProps) {
  return (
    <Card className="border-red-200" role="alert">
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <TriangleAlertIcon aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-lg font-semibold">{systemLoadFailedMessage}</h2>
        <p className="max-w-md text-sm text-muted-foreground">{reasons.join('; ')}</p>
        <Button onClick={onRetry} disabled={retrying}>
          <RefreshCwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          {retrying ? 'Retrying...' : 'Try Again'}
        </Button>
      </CardContent>
    </Card>
  );
}

type StaleNoticeProps = { reasons: string[]; retrying: boolean; onRetry: () => void };

/** Some figures are old: the last load failed. */
export function StaleNotice({ reasons, retrying, onRetry }: StaleNoticeProps) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <TriangleAlertIcon aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        {systemLoadFailedMessage}: {reasons.join('; ')}. The figures shown are the last loaded.
      </p>
      <Button size="sm" variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
        Retry
      </Button>
    </div>
  );
}
