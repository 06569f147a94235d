import { availableParallelism, freemem, hostname, loadavg, totalmem } from 'node:os';
import {
  workerReportSchema,
  type LiveUser,
  type WorkerIdentity,
  type WorkerReport,
} from '@patrol/contracts';
import { liveUsersFromSockets, roundTo } from '@patrol/domain';
import { within } from '../../db/within';
import type { AppContext } from '../../http/app-context';
import type { ProcessFigures } from '../../observability/process-figures';
import type { RequestWindowSummary } from '../../observability/request-figures';
import { readDatabaseStats, type DatabaseStats } from './system.repo';

/** A database that has not answered within this long counts as lost (as /ready does). */
export const databaseProbeTimeoutMs = 1_500;

/**
 * The Redis client queues commands while it reconnects; the system answers give up on the other
 * workers' figures after this long rather than wait for Redis to return.
 */
const registryTimeoutMs = 1_000;

/** What the database said when sampled. */
export interface DatabaseSample {
  connected: boolean;
  /** Round trip of `select 1`, ms. */
  latencyMs: number | null;
  /** Null while the database does not answer (or the statistics query failed). */
  stats: DatabaseStats | null;
  /** Per-second rates of the cumulative counters since the previous sample. */
  rates: { transactions: number; rowsRead: number; seconds: number } | null;
}

/** Every figure of one moment, from which the health, metrics and cluster answers are made. */
export interface SystemSample {
  at: Date;
  worker: WorkerIdentity;
  process: ProcessFigures;
  requests: RequestWindowSummary;
  machine: {
    platform: string;
    arch: string;
    nodeVersion: string;
    hostname: string;
    cpuCount: number;
    totalMem: number;
    freeMem: number;
    loadAverage: number[];
  };
  database: DatabaseSample;
  /** Console users with a socket on this process. */
  users: LiveUser[];
  /** Console sockets open on this process. */
  activeConnections: number;
}

type SampleContext = Pick<AppContext, 'database' | 'db' | 'observability' | 'logger'>;

/**
 * Pings the database (at most 1.5 s), then reads its statistics; a database that does not answer
 * is reported as lost, never thrown: the system panel must still answer while it is down.
 */
export async function sampleDatabase(ctx: SampleContext): Promise<DatabaseSample> {
  const started = performance.now();
  try {
    await within(ctx.database.ping(), databaseProbeTimeoutMs);
  } catch (error) {
    ctx.logger.debug({ err: error }, 'system sample: database did not answer');
    return { connected: false, latencyMs: null, stats: null, rates: null };
  }
  const latencyMs = roundTo(performance.now() - started, 2);
  try {
    const stats = await within(readDatabaseStats(ctx.db), databaseProbeTimeoutMs);
    const rates = ctx.observability.databaseRates.update({
      transactions: stats.transactions,
      rowsRead: stats.rowsRead,
    });
    return {
      connected: true,
      latencyMs,
      stats,
      rates: rates && { ...rates.perSecond, seconds: rates.seconds },
    };
  } catch (error) {
    ctx.logger.warn({ err: error }, 'system sample: database statistics unreadable');
    return { connected: true, latencyMs, stats: null, rates: null };
  }
}

/** Samples this process, its machine and the database now. */
export async function takeSample(ctx: SampleContext): Promise<SystemSample> {
  const { observability } = ctx;
  const [database, processFigures, requests] = await Promise.all([
    sampleDatabase(ctx),
    observability.process.read(),
    observability.requests.summary(),
  ]);
  const sockets = observability.sockets.sockets();
  return {
    at: new Date(),
    worker: observability.worker,
    process: processFigures,
    requests,
    machine: {
      platform: process.platform,
      arch: process.arch,
      nodeVersion: process.version,
      hostname: hostname(),
      cpuCount: availableParallelism(),
      totalMem: totalmem(),
      freeMem: freemem(),
      loadAverage: loadavg().map((load) => roundTo(load, 2)),
    },
    database,
    users: liveUsersFromSockets(sockets),
    activeConnections: sockets.length,
  };
}

/** What this process publishes about itself for the others (and for itself, in the cluster list). */
export function workerReport(sample: SystemSample): WorkerReport {
  return {
    ...sample.worker,
    memory: sample.process.memory,
    cpu: { percentage: sample.process.cpuPercent },
    uptime: sample.process.uptime,
    eventLoopLagMs: sample.process.eventLoop.lagMs,
    requestsPerMinute: sample.requests.requests,
    errorRate: sample.requests.errorRate,
    responseTime: sample.requests.meanMs,
    activeConnections: sample.activeConnections,
    reportedAt: sample.at.toISOString(),
    users: sample.users,
  };
}

/** Publishes this process's report for the others; a Redis hiccup is logged, not thrown. */
export async function publishWorkerReport(
  ctx: Pick<AppContext, 'observability' | 'logger'>,
  report: WorkerReport,
): Promise<void> {
  try {
    await within(ctx.observability.workers.publish(report.id, report), registryTimeoutMs);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'worker figures not published');
  }
}

/**
 * Every worker's latest report, this process's from `own` (fresher than what it last published),
 * the others from the registry; a report that does not parse (another version) is left out. When
 * the registry does not answer, this process alone.
 */
export async function workerReports(
  ctx: Pick<AppContext, 'observability' | 'logger'>,
  own: WorkerReport,
): Promise<WorkerReport[]> {
  let stored: unknown[] = [];
  try {
    stored = await within(ctx.observability.workers.list(), registryTimeoutMs);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'worker figures unreadable');
  }
  const others = stored.flatMap((value) => {
    const parsed = workerReportSchema.safeParse(value);
    return parsed.success && parsed.data.id !== own.id ? [parsed.data] : [];
  });
  return [own, ...others.sort((a, b) => a.id.localeCompare(b.id))];
}
