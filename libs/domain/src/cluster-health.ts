// The cluster and database panel of the system screen (spec 2 sections 2.6 and 3): how each API
// process fares, and how close the database is to its ceilings.
import type { ClusterRecommendation, UsageStatus } from '@patrol/contracts';
import { formatFileSize } from './file-size';
import { healthThresholds, metricLevel } from './health';

/** Per-worker thresholds: CPU in percent of one core, event-loop lag in ms. */
export const workerThresholds = {
  heapMemoryPercent: healthThresholds.heapMemoryPercent,
  cpuPercent: { warning: 80, critical: 95 },
  eventLoopLagMs: { warning: 100, critical: 500 },
} as const;

/** What the cluster panel needs of one worker. */
export interface WorkerFigures {
  id: string;
  /** Measured against heapLimit when known (see HealthMetricsInput.memory). */
  memory: { heapUsed: number; heapTotal: number; heapLimit?: number | null };
  cpu: { percentage: number };
  eventLoopLagMs: number;
}

function heapPercent(worker: WorkerFigures): number {
  const { heapUsed, heapTotal, heapLimit } = worker.memory;
  const ceiling = heapLimit || heapTotal;
  return ceiling > 0 ? (heapUsed / ceiling) * 100 : 0;
}

/** The worst level among a worker's heap, CPU and event-loop figures. */
export function workerLevel(worker: WorkerFigures): 'normal' | 'warning' | 'critical' {
  const levels = [
    metricLevel(heapPercent(worker), workerThresholds.heapMemoryPercent),
    metricLevel(worker.cpu.percentage, workerThresholds.cpuPercent),
    metricLevel(worker.eventLoopLagMs, workerThresholds.eventLoopLagMs),
  ];
  if (levels.includes('critical')) return 'critical';
  return levels.includes('warning') ? 'warning' : 'normal';
}

/** Share of workers under every warning threshold, 0 to 1 (1 with no worker known). */
export function workerEfficiency(workers: readonly WorkerFigures[]): number {
  if (workers.length === 0) return 1;
  const normal = workers.filter((worker) => workerLevel(worker) === 'normal').length;
  return Math.round((normal / workers.length) * 100) / 100;
}

/** Suggestions about workers past a warning threshold, one per figure that is. */
export function workerRecommendations(workers: readonly WorkerFigures[]): ClusterRecommendation[] {
  const recommendations: ClusterRecommendation[] = [];
  for (const worker of workers) {
    const heap = heapPercent(worker);
    if (metricLevel(heap, workerThresholds.heapMemoryPercent) !== 'normal') {
      recommendations.push({
        type: 'memory',
        worker: worker.id,
        issue: `Heap at ${heap.toFixed(1)}% of its limit`,
        action: 'Watch it over a few minutes; restart the worker if it keeps growing.',
      });
    }
    if (metricLevel(worker.cpu.percentage, workerThresholds.cpuPercent) !== 'normal') {
      recommendations.push({
        type: 'cpu',
        worker: worker.id,
        issue: `CPU at ${worker.cpu.percentage.toFixed(0)}% of a core`,
        action: 'Add an API process behind the load balancer to share the load.',
      });
    }
    if (metricLevel(worker.eventLoopLagMs, workerThresholds.eventLoopLagMs) !== 'normal') {
      recommendations.push({
        type: 'eventLoop',
        worker: worker.id,
        issue: `Event loop ${worker.eventLoopLagMs.toFixed(0)} ms late`,
        action: 'Something blocks the process (a large export, PDF rendering): spread the load.',
      });
    }
  }
  return recommendations;
}

/** Usage levels of the database panel: warning past 75 percent (the spec's notice), critical past 90. */
export const databaseUsageThresholds = { warning: 75, critical: 90 } as const;

/** ok, warning or critical for a usage percentage; ok when unknown. */
export function usageStatus(percent: number | null | undefined): UsageStatus {
  if (typeof percent !== 'number') return 'ok';
  const level = metricLevel(percent, databaseUsageThresholds);
  return level === 'normal' ? 'ok' : level;
}

/** `part` as a percentage of `whole` with one decimal; null when either is unknown or whole is 0. */
export function usagePercent(
  part: number | null | undefined,
  whole: number | null | undefined,
): number | null {
  if (typeof part !== 'number' || typeof whole !== 'number' || whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/** The larger of the known percentages (null when none is known). */
export function overallUsagePercent(...percents: (number | null)[]): number | null {
  const known = percents.filter((percent): percent is number => percent !== null);
  return known.length === 0 ? null : Math.max(...known);
}

/**
 * The spec's notice when overall database usage is above 75 percent, naming what is used and the
 * budget or ceiling it is measured against; null otherwise.
 */
export function databaseUsageNotice(usage: {
  overallPercent: number | null;
  storageUsedBytes: number | null;
  storageBudgetBytes: number;
  storagePercent: number | null;
  connections: { current: number | null; max: number | null; percent: number | null };
}): string | null {
  const { overallPercent } = usage;
  if (overallPercent === null || overallPercent <= databaseUsageThresholds.warning) return null;
  const parts: string[] = [];
  if (usage.storagePercent !== null && usage.storagePercent > databaseUsageThresholds.warning) {
    parts.push(
      `storage ${formatFileSize(usage.storageUsedBytes)} of the ${formatFileSize(usage.storageBudgetBytes)} budget (${usage.storagePercent}%)`,
    );
  }
  const { connections } = usage;
  if (connections.percent !== null && connections.percent > databaseUsageThresholds.warning) {
    parts.push(
      `${connections.current} of ${connections.max} connections (${connections.percent}%)`,
    );
  }
  return `Database usage is above ${databaseUsageThresholds.warning}%: ${parts.join('; ')}.`;
}
