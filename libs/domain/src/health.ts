// System health (spec 2 sections 2.6, 4 and 9): the score, the issues raised by a metrics sample,
// what to do about them, and the alerts a change between two samples raises.
import type {
  HealthIssue,
  HealthIssueKey,
  HealthRecommendation,
  SystemHealthStatus,
} from '@patrol/contracts';
import { ownValue } from './own-value';

export type HealthIssueSeverity = HealthIssue['severity'];

/** Points a health issue takes off the score of 100. */
export const healthScorePenalties: Record<HealthIssueSeverity, number> = {
  critical: 30,
  high: 15,
  medium: 8,
  low: 3,
};

/** Health score: 100 minus each issue's penalty, never below 0. */
export function healthScore(issues: readonly { severity: string }[]): number {
  const penalty = issues.reduce(
    (total, issue) => total + (ownValue(healthScorePenalties, issue.severity) ?? 0),
    0,
  );
  return Math.max(0, 100 - penalty);
}

export type HealthScoreColour = 'green' | 'yellow' | 'orange' | 'red';

/** Green at 90 and above, yellow at 70, orange at 50, else red. */
export function healthScoreColour(score: number): HealthScoreColour {
  if (score >= 90) return 'green';
  if (score >= 70) return 'yellow';
  if (score >= 50) return 'orange';
  return 'red';
}

const colourOrder: readonly HealthScoreColour[] = ['green', 'yellow', 'orange', 'red'];

/**
 * The colour of the score ring shown beside the state's label, so the two never disagree: the
 * score's colour, but at least yellow while any issue is open (Warning) and red with a critical
 * one (Critical). A single critical issue scores 70, which alone would read yellow.
 */
export function healthRingColour(score: number, status: SystemHealthStatus): HealthScoreColour {
  const floor: HealthScoreColour =
    status === 'critical' ? 'red' : status === 'warning' ? 'yellow' : 'green';
  const byScore = healthScoreColour(score);
  return colourOrder.indexOf(byScore) >= colourOrder.indexOf(floor) ? byScore : floor;
}

/** Thresholds of spec 2 section 9; each metric is "over" the value to reach the level. */
export const healthThresholds = {
  heapMemoryPercent: { warning: 70, critical: 85 },
  /** Load average per core when the core count is known, else the raw load average. */
  cpuLoadAverage: { warning: 1, critical: 2 },
  responseTimeMs: { warning: 500, critical: 1000 },
  errorRatePercent: { warning: 2, critical: 5 },
  serverMemoryPercent: { critical: 90 },
  /** The spec's notice past 75 percent of the database budget; high past 90. */
  databaseStoragePercent: { warning: 75, critical: 90 },
} as const;

/**
 * Under this many requests in the window, the error rate raises nothing: one failed request out
 * of three is 33 percent, yet says nothing about the system.
 */
export const errorRateMinimumRequests = 20;

export type MetricLevel = 'normal' | 'warning' | 'critical';

/** The level of a metric against its warning and critical thresholds (strictly over). */
export function metricLevel(
  value: number,
  thresholds: { warning: number; critical: number },
): MetricLevel {
  if (value > thresholds.critical) return 'critical';
  if (value > thresholds.warning) return 'warning';
  return 'normal';
}

/** The system metrics the health issues are derived from; every part is optional. */
export interface HealthMetricsInput {
  /**
   * With `heapLimit` (v8's heap size limit), the heap is measured against it: V8 grows heapTotal
   * just ahead of use, so a healthy process often sits at 80 or 90 percent of heapTotal.
   */
  memory?: { heapUsed: number; heapTotal: number; heapLimit?: number | null } | null;
  system?: { totalMem: number; freeMem: number } | null;
  /** With `cores`, the load average is compared per core (a load of 2 on 4 cores is 0.5). */
  cpu?: { loadAverage: number | readonly number[]; cores?: number | null } | null;
  responseTime?: number | null;
  /** Percent of failed requests. */
  errorRate?: number | null;
  /** Requests the error rate was measured over; under errorRateMinimumRequests it raises nothing. */
  requests?: number | null;
  database?: { connected: boolean } | null;
  /** Database size as a percentage of its budget (DATABASE_SIZE_BUDGET_MB). */
  databaseStorage?: { usagePercent: number | null } | null;
}

const severityOrder: HealthIssueSeverity[] = ['critical', 'high', 'medium', 'low'];

/** Sorts issues most severe first (stable for equal severities). */
function bySeverity<T extends { severity: HealthIssueSeverity }>(items: T[]): T[] {
  return items.sort(
    (a, b) => severityOrder.indexOf(a.severity) - severityOrder.indexOf(b.severity),
  );
}

// A warning-level metric costs a medium penalty; a critical one the critical penalty.
function levelSeverity(level: MetricLevel): HealthIssueSeverity | null {
  if (level === 'critical') return 'critical';
  if (level === 'warning') return 'medium';
  return null;
}

/**
 * The health issues raised by a metrics sample, most severe first: database lost (critical);
 * app heap memory, CPU load and response time (medium over the warning, critical over the critical
 * threshold); error rate over 5 percent (critical); server memory over 90 percent (critical);
 * database size over 75 percent of its budget (low), over 90 (high).
 */
export function healthIssuesFromMetrics(metrics: HealthMetricsInput): HealthIssue[] {
  const issues: HealthIssue[] = [];
  const raise = (key: HealthIssueKey, level: MetricLevel, message: string) => {
    const severity = levelSeverity(level);
    if (severity) issues.push({ key, severity, message });
  };

  if (metrics.database && !metrics.database.connected) {
    issues.push({ key: 'database', severity: 'critical', message: 'Database connection lost' });
  }
  const heapCeiling = metrics.memory && (metrics.memory.heapLimit || metrics.memory.heapTotal);
  if (metrics.memory && heapCeiling && heapCeiling > 0) {
    const percent = (metrics.memory.heapUsed / heapCeiling) * 100;
    raise(
      'memory',
      metricLevel(percent, healthThresholds.heapMemoryPercent),
      `High memory usage (${percent.toFixed(1)}%)`,
    );
  }
  if (metrics.cpu) {
    const { loadAverage, cores } = metrics.cpu;
    // os.loadavg() gives the 1, 5 and 15 minute averages; the 1 minute one is the current load.
    const load = typeof loadAverage === 'number' ? loadAverage : (loadAverage[0] ?? 0);
    const perCore = cores && cores > 0 ? load / cores : null;
    raise(
      'cpu',
      metricLevel(perCore ?? load, healthThresholds.cpuLoadAverage),
      perCore === null
        ? `High CPU load (${load.toFixed(2)})`
        : `High CPU load (${load.toFixed(2)} on ${cores} cores)`,
    );
  }
  if (typeof metrics.responseTime === 'number') {
    const time = metrics.responseTime;
    raise(
      'responseTime',
      metricLevel(time, healthThresholds.responseTimeMs),
      `Slow response time (${Math.round(time)} ms)`,
    );
  }
  const enoughRequests =
    typeof metrics.requests !== 'number' || metrics.requests >= errorRateMinimumRequests;
  if (
    typeof metrics.errorRate === 'number' &&
    enoughRequests &&
    metrics.errorRate > healthThresholds.errorRatePercent.critical
  ) {
    issues.push({
      key: 'errorRate',
      severity: 'critical',
      message: `High error rate (${metrics.errorRate.toFixed(1)}%)`,
    });
  }
  if (metrics.system && metrics.system.totalMem > 0) {
    const used = metrics.system.totalMem - metrics.system.freeMem;
    const percent = (used / metrics.system.totalMem) * 100;
    if (percent > healthThresholds.serverMemoryPercent.critical) {
      issues.push({
        key: 'serverMemory',
        severity: 'critical',
        message: `Server memory almost full (${percent.toFixed(1)}%)`,
      });
    }
  }
  const storage = metrics.databaseStorage?.usagePercent;
  if (typeof storage === 'number') {
    const level = metricLevel(storage, healthThresholds.databaseStoragePercent);
    if (level !== 'normal') {
      issues.push({
        key: 'databaseStorage',
        severity: level === 'critical' ? 'high' : 'low',
        message: `Database at ${storage.toFixed(1)}% of its size budget`,
      });
    }
  }
  return bySeverity(issues);
}

/** What an operator can do about each kind of issue. */
export const healthRecommendationMessages: Record<HealthIssueKey, string> = {
  database:
    'Check that PostgreSQL is running and reachable from the API (DATABASE_URL); /ready fails until it answers.',
  memory:
    'Watch the heap over the next minutes: if it keeps growing, restart the process and look for a leak; if it is steady, raise --max-old-space-size.',
  cpu: 'The machine is saturated: run another API process behind the load balancer (with REDIS_URL) or move to more cores.',
  responseTime:
    'Responses are slow: compare the database figures and the slowest routes in /metrics (http_request_duration_seconds).',
  errorRate:
    'Server errors are frequent: read the error lines of the log, each carries its request id.',
  serverMemory:
    'The machine is almost out of memory: stop other services on it or give it more memory.',
  databaseStorage:
    'The database nears its size budget: archive old crash reports and activity, or raise DATABASE_SIZE_BUDGET_MB.',
};

/** One recommendation per raised issue, in the issues' order (most severe first). */
export function healthRecommendations(issues: readonly HealthIssue[]): HealthRecommendation[] {
  const seen = new Set<HealthIssueKey>();
  const recommendations: HealthRecommendation[] = [];
  for (const issue of issues) {
    if (seen.has(issue.key)) continue;
    seen.add(issue.key);
    recommendations.push({ key: issue.key, message: healthRecommendationMessages[issue.key] });
  }
  return recommendations;
}

/** The state shown beside the score: critical with any critical issue, warning with any other. */
export function systemHealthStatus(issues: readonly HealthIssue[]): SystemHealthStatus {
  if (issues.some((issue) => issue.severity === 'critical')) return 'critical';
  return issues.length > 0 ? 'warning' : 'healthy';
}

export interface SystemHealthAssessment {
  score: number;
  status: SystemHealthStatus;
  /** Most severe first. */
  issues: HealthIssue[];
  /** One per issue, most severe first. */
  recommendations: HealthRecommendation[];
}

/** Score, state, issues and recommendations of one metrics sample. */
export function assessSystemHealth(metrics: HealthMetricsInput): SystemHealthAssessment {
  const issues = healthIssuesFromMetrics(metrics);
  return {
    score: healthScore(issues),
    status: systemHealthStatus(issues),
    issues,
    recommendations: healthRecommendations(issues),
  };
}

/** A threshold crossing between two samples: what a systemAlert announces. */
export interface HealthIssueChange {
  key: HealthIssueKey;
  state: 'raised' | 'resolved';
  severity: HealthIssueSeverity;
  message: string;
}

/** What the alert says when an issue clears. */
export const healthResolvedMessages: Record<HealthIssueKey, string> = {
  database: 'Database connection restored',
  memory: 'Memory usage back to normal',
  cpu: 'CPU load back to normal',
  responseTime: 'Response time back to normal',
  errorRate: 'Error rate back to normal',
  serverMemory: 'Server memory back to normal',
  databaseStorage: 'Database back under 75% of its size budget',
};

/**
 * The alerts between two consecutive samples, so that each crossing is announced once and a
 * steady state never: an issue that appears, or reaches a worse severity, is raised; one that
 * disappears is resolved; one that stays, or eases to a milder severity, says nothing.
 */
export function healthIssueChanges(
  previous: readonly HealthIssue[],
  current: readonly HealthIssue[],
): HealthIssueChange[] {
  const rank = (severity: HealthIssueSeverity) =>
    severityOrder.length - severityOrder.indexOf(severity);
  const before = new Map(previous.map((issue) => [issue.key, issue]));
  const now = new Map(current.map((issue) => [issue.key, issue]));
  const changes: HealthIssueChange[] = [];
  for (const issue of current) {
    const earlier = before.get(issue.key);
    if (!earlier || rank(issue.severity) > rank(earlier.severity)) {
      changes.push({ ...issue, state: 'raised' });
    }
  }
  for (const issue of previous) {
    if (!now.has(issue.key)) {
      changes.push({
        key: issue.key,
        state: 'resolved',
        severity: 'low',
        message: healthResolvedMessages[issue.key],
      });
    }
  }
  return changes;
}

export type EnvironmentClass = 'local' | 'cloud' | 'dedicated';

const gibibyte = 1024 ** 3;

/** Local if development or under 8 GiB of memory; dedicated over 32 GiB; otherwise cloud. */
export function classifyEnvironment(
  environment: string | null | undefined,
  totalMemoryBytes: number,
): EnvironmentClass {
  if (environment === 'development' || totalMemoryBytes < 8 * gibibyte) return 'local';
  if (totalMemoryBytes > 32 * gibibyte) return 'dedicated';
  return 'cloud';
}
