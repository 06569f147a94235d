import type { HealthIssue, SystemAlert } from '@patrol/contracts';

/** The system monitor's memory between ticks: the issues last seen and the latest alerts. */
export interface AlertLog {
  /** The issues of the previous sample, to tell a crossing from a steady state. */
  lastIssues: HealthIssue[];
  add(alert: SystemAlert): void;
  /** Newest first, at most `limit`. */
  recent(): SystemAlert[];
}

/** The spec's system alerts list keeps 5. */
export function createAlertLog(limit = 5): AlertLog {
  let alerts: SystemAlert[] = [];
  return {
    lastIssues: [],
    add(alert) {
      alerts = [alert, ...alerts].slice(0, limit);
    },
    recent: () => [...alerts],
  };
}
