import type { SystemMetrics } from '@patrol/contracts';
import { roundTo } from '@patrol/domain';

/**
 * The last minutes of metrics samples, kept in the browser for the trend charts: the server
 * pushes systemMetrics every 5 s, so 60 points cover five minutes. Older points drop off.
 */
export const metricsHistoryCapacity = 60;

/** One sample as the charts draw it. */
export type MetricsPoint = {
  /** When the sample was taken (ms since epoch). */
  at: number;
  /** The API process that measured it: the charts follow one process. */
  worker: string;
  heapUsedMb: number;
  rssMb: number;
  cpuPercent: number;
  requestsPerMinute: number;
  responseTimeMs: number;
  /** Null while the last minute had no requests. */
  p95Ms: number | null;
};

const megabyte = 1024 * 1024;

/** The chart point of one metrics sample. */
export function toMetricsPoint(metrics: SystemMetrics): MetricsPoint {
  return {
    at: new Date(metrics.timestamp).getTime(),
    worker: metrics.worker.id,
    heapUsedMb: roundTo(metrics.memory.heapUsed / megabyte),
    rssMb: roundTo(metrics.memory.rss / megabyte),
    cpuPercent: roundTo(metrics.cpu.percentage),
    requestsPerMinute: metrics.requestsPerMinute,
    responseTimeMs: roundTo(metrics.responseTime),
    p95Ms: metrics.responseTimes.p95 === null ? null : roundTo(metrics.responseTimes.p95),
  };
}

/**
 * Adds a sample in time order, once (the same process and moment arriving by poll and by push is
 * one sample), and keeps the newest `capacity` points.
 */
export function appendMetricsPoint(
  history: readonly MetricsPoint[],
  point: MetricsPoint,
  capacity = metricsHistoryCapacity,
): MetricsPoint[] {
  if (history.some((existing) => existing.at === point.at && existing.worker === point.worker)) {
    return [...history];
  }
  const next = [...history, point].sort((a, b) => a.at - b.at);
  return next.slice(Math.max(0, next.length - capacity));
}

/**
 * The points of the process that measured the newest sample: behind a load balancer, polls may be
 * answered by other processes, and one line mixing them would zigzag between unrelated figures.
 */
export function pointsOfLatestWorker(history: readonly MetricsPoint[]): MetricsPoint[] {
  const latest = history.at(-1);
  if (!latest) return [];
  return history.filter((point) => point.worker === latest.worker);
}
