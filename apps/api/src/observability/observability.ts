import { hostname } from 'node:os';
import type { WorkerIdentity } from '@patrol/contracts';
import type { PoolFigures } from '../db/client';
import type { RedisClient } from '../redis/redis-client';
import { createAlertLog, type AlertLog } from './alert-log';
import { createCounterRates, type CounterRates } from './counter-rates';
import {
  createLocalDeviceSightings,
  createRedisDeviceSightings,
  type DeviceSightings,
} from './device-sightings';
import { createProcessSampler, type ProcessSampler } from './process-figures';
import { createPrometheusMetrics, processMetrics, type PrometheusMetrics } from './prometheus';
import { createRequestFigures, type RequestFigures } from './request-figures';
import { createSocketCensus, type SocketCensus } from './socket-census';
import {
  createLocalWorkerRegistry,
  createRedisWorkerRegistry,
  type WorkerRegistry,
} from './worker-registry';

/** What this process measures of itself and shares with the others, for the system panel and /metrics. */
export interface Observability {
  /** This process among the deployment's API processes. */
  worker: WorkerIdentity;
  /** The last minute of answered requests (fed by recordRequests), from prom-client metrics. */
  requests: RequestFigures;
  /** CPU, event loop and memory, from prom-client's default metrics. */
  process: ProcessSampler;
  prometheus: PrometheusMetrics;
  /** The console sockets open on this process (the realtime server attaches to it). */
  sockets: SocketCensus;
  /** Every process's latest figures: in Redis when REDIS_URL is set, else this process only. */
  workers: WorkerRegistry;
  /** Devices that reported recently, written as the heartbeat buffer flushes. */
  deviceSightings: DeviceSightings;
  /** Rates of the database's cumulative counters (pg_stat_database) between samples. */
  databaseRates: CounterRates<'transactions' | 'rowsRead'>;
  /** The issues of the last sample and the latest alerts (spec: the list keeps 5). */
  alerts: AlertLog;
  /** Stops the request window's snapshots. */
  close(): void;
}

export interface ObservabilityOptions {
  redis: RedisClient | undefined;
  version: string;
  /** Pool figures of the open database. */
  pool(): PoolFigures | null;
  /** Names this process (tests run two "processes" in one); default `hostname:pid`. */
  workerId?: string;
}

/** Builds the process's measuring instruments (the composition root calls it once). */
export function createObservability(options: ObservabilityOptions): Observability {
  const host = hostname();
  const worker: WorkerIdentity = {
    id: options.workerId ?? `${host}:${process.pid}`,
    pid: process.pid,
    hostname: host,
  };
  const sockets = createSocketCensus();
  const { redis } = options;
  const prometheus = createPrometheusMetrics({
    socketConnections: () => sockets.sockets().length,
    pool: options.pool,
    version: options.version,
    worker: worker.id,
  });
  const requests = createRequestFigures(prometheus.registry);
  return {
    worker,
    requests,
    process: createProcessSampler(processMetrics()),
    prometheus,
    sockets,
    workers: redis ? createRedisWorkerRegistry(redis) : createLocalWorkerRegistry(),
    deviceSightings: redis ? createRedisDeviceSightings(redis) : createLocalDeviceSightings(),
    databaseRates: createCounterRates(),
    alerts: createAlertLog(),
    close: () => requests.close(),
  };
}
