// Used from issue 15 (system status): health score and issues; reviewed against the spec when that issue builds on it.
import { ownValue } from './own-value';

export type HealthIssueSeverity = 'critical' | 'high' | 'medium' | 'low';

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

/** Thresholds of spec 2 section 9; each metric is "over" the value to reach the level. */
export const healthThresholds = {
  heapMemoryPercent: { warning: 70, critical: 85 },
  cpuLoadAverage: { warning: 1, critical: 2 },
  responseTimeMs: { warning: 500, critical: 1000 },
  errorRatePercent: { warning: 2, critical: 5 },
  serverMemoryPercent: { critical: 90 },
} as const;

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
  memory?: { heapUsed: number; heapTotal: number } | null;
  system?: { totalMem: number; freeMem: number } | null;
  cpu?: { loadAverage: number | readonly number[] } | null;
  responseTime?: number | null;
  /** Percent of failed requests. */
  errorRate?: number | null;
  database?: { connected: boolean } | null;
}

export type HealthIssueKey =
  'database' | 'memory' | 'cpu' | 'responseTime' | 'errorRate' | 'serverMemory';

export interface HealthIssue {
  key: HealthIssueKey;
  severity: HealthIssueSeverity;
  message: string;
}

const severityOrder: HealthIssueSeverity[] = ['critical', 'high', 'medium', 'low'];

// A warning-level metric costs a medium penalty; a critical one the critical penalty.
function levelSeverity(level: MetricLevel): HealthIssueSeverity | null {
  if (level === 'critical') return 'critical';
  if (level === 'warning') return 'medium';
  return null;
}

/**
 * The health issues raised by a metrics sample, most severe first: database lost (critical);
 * app heap memory, CPU load and response time (medium over the warning, critical over the critical
 * threshold); error rate over 5 percent (critical); server memory over 90 percent (critical).
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
  if (metrics.memory && metrics.memory.heapTotal > 0) {
    const percent = (metrics.memory.heapUsed / metrics.memory.heapTotal) * 100;
    raise(
      'memory',
      metricLevel(percent, healthThresholds.heapMemoryPercent),
      `High memory usage (${percent.toFixed(1)}%)`,
    );
  }
  if (metrics.cpu) {
    const { loadAverage } = metrics.cpu;
    // os.loadavg() gives the 1, 5 and 15 minute averages; the 1 minute one is the current load.
    const load = typeof loadAverage === 'number' ? loadAverage : (loadAverage[0] ?? 0);
    raise(
      'cpu',
      metricLevel(load, healthThresholds.cpuLoadAverage),
      `High CPU load (${load.toFixed(2)})`,
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
  if (
    typeof metrics.errorRate === 'number' &&
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
  return issues.sort(
    (a, b) => severityOrder.indexOf(a.severity) - severityOrder.indexOf(b.severity),
  );
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
