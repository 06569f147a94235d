import type { HealthIssueKey, HealthSeverity, SystemAlert } from '@patrol/contracts';

/** What an alert is about: a health issue, or a staged OTA rollout that release health paused. */
export type SystemAlertSource = SystemAlert['source'];

/**
 * Recent System Events (spec 2 sections 2.6 and 4): alerts the server raised or resolved, those
 * heard live, and the console's own failures to load. The list keeps 5 and shows 3.
 */
export const systemEventsKept = 5;
export const systemEventsShown = 3;

/** The event a failed load adds (spec 2 section 8). */
export const systemLoadFailedMessage = 'Failed to load system data';

/** Failures this close together are one event (the three calls of one refresh fail together). */
export const failureCoalesceMs = 10_000;

export type SystemEvent = {
  id: string;
  /** ISO date-time. */
  timestamp: string;
  kind: 'alert' | 'failure';
  severity: HealthSeverity;
  message: string;
  /** What happened, e.g. the failed call's reason or the worker of an alert. */
  detail: string | null;
  state: 'raised' | 'resolved' | null;
  source: SystemAlertSource | null;
};

/** What each health issue is about, for badges and events. */
export const healthIssueLabels: Record<HealthIssueKey, string> = {
  database: 'Database',
  memory: 'Memory',
  cpu: 'CPU',
  responseTime: 'Response time',
  errorRate: 'Error rate',
  serverMemory: 'Server memory',
  databaseStorage: 'Database storage',
};

/** What each alert is about, for events and toasts. */
export const alertSourceLabels: Record<SystemAlertSource, string> = {
  ...healthIssueLabels,
  otaRollout: 'OTA rollout',
};

/** A systemAlert (pushed, or listed in the health answer) as an event. */
export function alertEvent(alert: SystemAlert): SystemEvent {
  return {
    id: `alert-${alert.id}`,
    timestamp: alert.timestamp,
    kind: 'alert',
    severity: alert.severity,
    message: alert.message,
    detail: alert.worker,
    state: alert.state,
    source: alert.source,
  };
}

/** A failed load as an event; `reason` is what went wrong ('Service temporarily unavailable'). */
export function failureEvent(reason: string, at: Date): SystemEvent {
  return {
    id: `failure-${at.getTime()}`,
    timestamp: at.toISOString(),
    kind: 'failure',
    severity: 'high',
    message: systemLoadFailedMessage,
    detail: reason,
    state: null,
    source: null,
  };
}

const newestFirst = (a: SystemEvent, b: SystemEvent) =>
  new Date(b.timestamp).getTime() - new Date(a.timestamp).getTime();

/**
 * Adds an event to the browser's list, newest first, 5 kept. A failure within 10 s of the
 * previous failure replaces it (one refresh's three calls failing is one event), naming every
 * distinct reason.
 */
export function addSystemEvent(events: readonly SystemEvent[], event: SystemEvent): SystemEvent[] {
  if (events.some((existing) => existing.id === event.id)) return [...events];
  let rest = [...events];
  let added = event;
  if (event.kind === 'failure') {
    const at = new Date(event.timestamp).getTime();
    const recent = rest.find(
      (existing) =>
        existing.kind === 'failure' &&
        Math.abs(at - new Date(existing.timestamp).getTime()) < failureCoalesceMs,
    );
    if (recent) {
      const reasons = new Set([...(recent.detail ?? '').split('; '), event.detail ?? '']);
      reasons.delete('');
      added = { ...recent, detail: [...reasons].join('; ') || null };
      rest = rest.filter((existing) => existing.id !== recent.id);
    }
  }
  return [added, ...rest].sort(newestFirst).slice(0, systemEventsKept);
}

/**
 * The events to show: the browser's list merged with the alerts the server remembers (it sent
 * them before this page opened), each once, newest first, 5 kept.
 */
export function mergeSystemEvents(
  local: readonly SystemEvent[],
  serverAlerts: readonly SystemAlert[],
): SystemEvent[] {
  const byId = new Map<string, SystemEvent>();
  for (const event of [...local, ...serverAlerts.map(alertEvent)]) {
    if (!byId.has(event.id)) byId.set(event.id, event);
  }
  return [...byId.values()].sort(newestFirst).slice(0, systemEventsKept);
}
