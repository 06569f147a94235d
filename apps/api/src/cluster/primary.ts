import type { Config } from '../config';

/** Why several workers cannot start, or undefined when they can. */
export function clusterRefusal(config: Pick<Config, 'workers' | 'databaseUrl' | 'redisUrl'>) {
  if (config.workers <= 1) return undefined;
  if (!config.databaseUrl) {
    return `WORKERS=${config.workers} needs a PostgreSQL server (DATABASE_URL): the embedded database admits one process. Unset WORKERS, or set DATABASE_URL and REDIS_URL.`;
  }
  if (!config.redisUrl) {
    return `WORKERS=${config.workers} needs Redis (REDIS_URL), which carries socket events, rate limits and the worker list between processes.`;
  }
  return undefined;
}

/** The part of node:cluster the primary uses, so tests can drive it without processes. */
export interface WorkerPool {
  fork(): { id: number; process: { pid?: number }; kill(signal?: string): void };
  on(
    event: 'exit',
    listener: (
      worker: { id: number; process: { pid?: number } },
      code: number | null,
      signal: string | null,
    ) => void,
  ): void;
}

export interface PrimaryLog {
  info(message: string): void;
  warn(message: string): void;
}

/** A worker that dies within this long of starting counts as a quick death. */
const quickDeathMs = 5_000;
/** The wait before replacing a worker after quick deaths doubles each time, up to this. */
const maxRestartDelayMs = 30_000;

/** Timers, so tests can run the restart delays on a fake clock. */
export interface SupervisorClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const realClock: SupervisorClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

/**
 * Keeps `count` workers running: a worker that dies is replaced at once, or after a wait that
 * doubles with each quick death in a row (1 s up to 30 s), so workers that cannot start (the
 * database is down) are retried without spinning until it returns. `stop(signal)` passes the
 * signal on to every worker and resolves when all have exited, each having drained its requests
 * and closed its sockets and pools.
 */
export function superviseWorkers(
  pool: WorkerPool,
  count: number,
  log: PrimaryLog,
  clock: SupervisorClock = realClock,
) {
  const workers = new Map<number, { kill(signal?: string): void; startedAt: number }>();
  const pendingRestarts = new Set<unknown>();
  let stopping = false;
  let quickDeaths = 0;
  let allExited: (() => void) | undefined;
  const done = new Promise<void>((resolve) => {
    allExited = resolve;
  });

  const start = () => {
    const worker = pool.fork();
    workers.set(worker.id, { kill: (signal) => worker.kill(signal), startedAt: clock.now() });
    log.info(`worker ${worker.id} started (pid ${worker.process.pid})`);
  };

  pool.on('exit', (worker, code, signal) => {
    const entry = workers.get(worker.id);
    workers.delete(worker.id);
    if (stopping) {
      if (workers.size === 0) allExited?.();
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    quickDeaths = entry && clock.now() - entry.startedAt < quickDeathMs ? quickDeaths + 1 : 0;
    const delayMs =
      quickDeaths === 0 ? 0 : Math.min(maxRestartDelayMs, 1_000 * 2 ** (quickDeaths - 1));
    log.warn(
      `worker ${worker.id} (pid ${worker.process.pid}) exited (${how}); starting another` +
        (delayMs > 0 ? ` in ${delayMs / 1000} s` : ''),
    );
    if (delayMs === 0) {
      start();
      return;
    }
    const timer = clock.setTimeout(() => {
      pendingRestarts.delete(timer);
      if (!stopping) start();
    }, delayMs);
    pendingRestarts.add(timer);
  });

  for (let n = 0; n < count; n += 1) start();

  return {
    /** Workers running now. */
    size: () => workers.size,
    stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
      stopping = true;
      for (const timer of pendingRestarts) clock.clearTimeout(timer);
      pendingRestarts.clear();
      if (workers.size === 0) allExited?.();
      for (const worker of workers.values()) worker.kill(signal);
      return done;
    },
    /** Settles when every worker has exited after stop(). */
    done,
  };
}
