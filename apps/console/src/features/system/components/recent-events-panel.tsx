import { BellIcon, CheckCircle2Icon, CircleAlertIcon, TriangleAlertIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { Panel, SeverityBadge } from '@/features/system/components/panel-parts';
import {
  alertSourceLabels,
  systemEventsShown,
  type SystemEvent,
} from '@/features/system/lib/system-events';
import { formatClock } from '@/features/system/lib/system-format';

function EventIcon({ event }: { event: SystemEvent }) {
  if (event.state === 'resolved') {
    return (
      <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
    );
  }
  if (event.kind === 'failure') {
    return <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />;
  }
  return (
    <TriangleAlertIcon
      aria-hidden="true"
      className={cn(
        'mt-0.5 size-4 shrink-0',
        event.severity === 'critical' || event.severity === 'high'
          ? 'text-red-600'
          : 'text-amber-600',
      )}
    />
  );
}

/**
 * Recent System Events: alerts raised or cleared (live, or remembered by the server) and failed
 * loads, newest first; 3 shown of the 5 kept.
 */
export function RecentEventsPanel({ events }: { events: readonly SystemEvent[] }) {
  const shown = events.slice(0, systemEventsShown);
  return (
    <Panel
      title="Recent System Events"
      icon={BellIcon}
      aside={
        events.length > systemEventsShown && (
          <span className="text-xs text-muted-foreground">
            {systemEventsShown} of {events.length}
          </span>
        )
      }
    >
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No alerts yet. Threshold crossings appear here as they happen.
        </p>
      ) : (
        <ol aria-label="Recent system events" className="space-y-2.5">
          {shown.map((event) => (
            <li key={event.id} className="flex items-start gap-2 text-sm">
              <EventIcon event={event} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium">{event.message}</span>
                  {event.state === 'resolved' ? (
                    <Badge variant="success">Resolved</Badge>
                  ) : (
                    <SeverityBadge severity={event.severity} />
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={event.timestamp}>{formatClock(event.timestamp)}</time>
                  {event.source && ` · ${alertSourceLabels[event.source]}`}
                  {event.detail && ` · ${event.detail}`}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
