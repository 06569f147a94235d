import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type PrometheusContentType,
} from 'prom-client';
import type { PoolFigures } from '../db/client';

/** The figures GET /metrics serves, in the Prometheus text format. */
export interface PrometheusMetrics {
  /** Counts an answered request under its route template (never the raw URL: ids would explode the series). */
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** Gauges the system module sets just before rendering (cheap queries, counters and snapshots). */
  business: {
    up: Gauge;
    licences: Gauge<'state'>;
    licencesExpired: Gauge;
    devicesSeen: Gauge;
    crashReportsLastHour: Gauge;
  };
  /** The process-wide Node.js figures followed by this app's. */
  render(): Promise<string>;
  contentType: PrometheusContentType;
  /** This app context's registry, for instruments defined beside these (the panel's figures). */
  registry: Registry;
}

export interface PrometheusSources {
  /** Console sockets open on this process. */
  socketConnections(): number;
  /** The database pool, or null for the embedded database. */
  pool(): PoolFigures | null;
  /** Labels of the build-info gauge. */
  version: string;
  worker: string;
}

/** Request durations from 5 ms to 10 s: the pages' goal is 50 ms at p95. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/**
 * Node's own figures (CPU seconds, resident memory, heap spaces, GC, event-loop lag from
 * monitorEventLoopDelay, handles): one collector per process, because they describe the process,
 * and registering them again for each app context (tests build many) would stack monitors.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The app's metrics in a registry of their own (one per app context). */
export function createPrometheusMetrics(sources: PrometheusSources): PrometheusMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: durationBuckets,
    registers,
  });
  new Gauge({
    name: 'patrol_socket_connections',
    help: 'Console sockets open on this process.',
    registers,
    collect() {
      this.set(sources.socketConnections());
    },
  });
  new Gauge({
    name: 'patrol_db_pool_clients',
    help: "This process's PostgreSQL pool: open, idle and waiting clients (absent on the embedded database).",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.pool();
      if (!pool) return;
      this.set({ state: 'open' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'patrol_build_info',
    help: 'Always 1; the labels name the version and the API process.',
    labelNames: ['version', 'worker'] as const,
    registers,
  }).set({ version: sources.version, worker: sources.worker }, 1);

  const business = {
    up: new Gauge({
      name: 'patrol_database_up',
      help: '1 when the database answered this scrape, else 0.',
      registers,
    }),
    licences: new Gauge({
      name: 'patrol_licences',
      help: 'Licences by binding state, from the per-client counters.',
      labelNames: ['state'] as const,
      registers,
    }),
    licencesExpired: new Gauge({
      name: 'patrol_licences_expired',
      help: 'Licences past their validity date (an index range on valid_until).',
      registers,
    }),
    devicesSeen: new Gauge({
      name: 'patrol_devices_seen_5m',
      help: 'Devices that reported in the last 5 minutes.',
      registers,
    }),
    crashReportsLastHour: new Gauge({
      name: 'patrol_crash_reports_last_hour',
      help: 'Crash reports received in the last hour (an index range on created_at).',
      registers,
    }),
  };

  // Each label set's children, found once: prom-client hashes the labels on every call otherwise,
  // thousands of times a second under a fleet's heartbeats. Routes, methods and statuses are few.
  const children = new Map<
    string,
    { count: { inc(): void }; time: { observe(seconds: number): void } }
  >();
  return {
    observeRequest({ method, route, status }, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        const labels = { method, route, status: String(status) };
        child = { count: requests.labels(labels), time: durations.labels(labels) };
        children.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
    },
    business,
    async render() {
      const [own, node] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${node.trimEnd()}\n\n${own}`;
    },
    contentType: registry.contentType,
    registry,
  };
}
