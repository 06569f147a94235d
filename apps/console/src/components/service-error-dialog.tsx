import { formatClockTime } from '@/lib/company-time';
import { RefreshCwIcon, RotateCcwIcon, ShieldAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { breakers, type BreakerHealth } from '@/lib/breaker';
import { errorHint } from '@/lib/error-hint';

const serviceNames: Record<string, string> = {
  dashboard: 'Dashboard',
  clientData: 'Client data',
  settings: 'Settings',
  ota: 'OTA check',
};

function isAffected(breaker: BreakerHealth): boolean {
  return breaker.state !== 'CLOSED' || breaker.failureCount > 0;
}

/** What an error dialog shows about a failed load. */
export type ServiceErrorDetails = {
  message: string;
  /** HTTP status; 0 when no answer arrived, undefined when no call was made. */
  status?: number;
  /** When the service's breaker lets a call through again. */
  retryAfter?: Date;
};

type ServiceErrorDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** e.g. 'Dashboard Error'. */
  title: string;
  /** e.g. 'The dashboard could not be loaded.' */
  description: string;
  error: ServiceErrorDetails;
  retrying: boolean;
  onRetry: () => void;
};

/**
 * The error dialog of a failed load (spec 1 sections 2.6 and 8; the dashboard's and the client
 * list's): the error, a hint for what to do, the health of the service protection (breakers),
 * Retry, and a reset of every breaker.
 */
export function ServiceErrorDialog({
  open,
  onOpenChange,
  title,
  description,
  error,
  retrying,
  onRetry,
}: ServiceErrorDialogProps) {
  // Breakers are plain objects outside React: re-read them after a reset.
  const [, setResets] = useState(0);
  const health = breakers.getHealthStatus();
  const affected = health.breakers.filter(isAffected);

  const resetAll = () => {
    breakers.resetAll();
    setResets((count) => count + 1);
    toast.success('Service protection reset');
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>

        <div className="space-y-4 text-sm">
          <div className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
            <p className="font-medium">{error.message}</p>
            {error.retryAfter && (
              <p className="mt-1 text-xs">
                Service protection allows a retry at {formatClockTime(error.retryAfter)}.
              </p>
            )}
          </div>
          <p data-testid="error-hint">{errorHint(error.message, error.status)}</p>

          <section aria-labelledby="service-health-title" className="space-y-2">
            <h3 id="service-health-title" className="font-medium">
              System health
            </h3>
            <dl className="grid grid-cols-2 gap-2">
              <div className="rounded-md bg-muted/60 px-3 py-2">
                <dt className="text-xs text-muted-foreground">Healthy services</dt>
                <dd className="text-lg font-semibold tabular-nums">{health.healthy}</dd>
              </div>
              <div className="rounded-md bg-muted/60 px-3 py-2">
                <dt className="text-xs text-muted-foreground">Degraded services</dt>
                <dd className="text-lg font-semibold tabular-nums">{health.degraded}</dd>
              </div>
            </dl>
            {affected.length > 0 && (
              <ul className="divide-y rounded-md border" aria-label="Affected services">
                {affected.map((breaker) => (
                  <li
                    key={breaker.name}
                    className="flex items-center justify-between gap-3 px-3 py-2"
                  >
                    <span>{serviceNames[breaker.name] ?? breaker.name}</span>
                    <span className="flex items-center gap-2">
                      <Badge variant={breaker.state === 'CLOSED' ? 'warning' : 'danger'}>
                        {breaker.state}
                      </Badge>
                      <span className="text-xs text-muted-foreground tabular-nums">
                        {breaker.failureCount} {breaker.failureCount === 1 ? 'failure' : 'failures'}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="flex flex-col gap-2 rounded-md border border-dashed p-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-start gap-2 text-muted-foreground">
              <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              This will reset all service protection and allow immediate retry attempts.
            </p>
            <Button variant="outline" size="sm" onClick={resetAll}>
              <RotateCcwIcon aria-hidden="true" />
              Reset Protection
            </Button>
          </section>
        </div>

        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Button onClick={onRetry} disabled={retrying}>
            <RefreshCwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
            {retrying ? 'Retrying...' : 'Retry'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
