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

/** A worker that dies within this long of starting counts as a crash loop. */
const quickDeathMs = 5_000;
/** After this many quick deaths in a row, the primary stops replacing workers and exits. */
const maxQuickDeaths = 5;

/**
 * Keeps `count` workers running: a worker that dies is replaced (unless workers keep dying at
 * start, which a restart would not fix); `stop(signal)` passes the signal on to every worker and
 * resolves when all have exited, each having drained its requests and closed its sockets and
 * pools.
 */
export function superviseWorkers(
  pool: WorkerPool,
  count: number,
  log: PrimaryLog,
  now: () => number = Date.now,
) {
  const workers = new Map<number, { kill(signal?: string): void; startedAt: number }>();
  let stopping = false;
  let quickDeaths = 0;
  let allExited: (() => void) | undefined;
  let gaveUp: ((reason: Error) => void) | undefined;
  const done = new Promise<void>((resolve, reject) => {
    allExited = resolve;
    gaveUp = reject;
  });

  const start = () => {
    const worker = pool.fork();
    workers.set(worker.id, { kill: (signal) => worker.kill(signal), startedAt: now() });
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
    quickDeaths = entry && now() - entry.startedAt < quickDeathMs ? quickDeaths + 1 : 0;
    if (quickDeaths >= maxQuickDeaths) {
      log.warn(`worker ${worker.id} exited (${how}); workers keep dying at start, giving up`);
      stopping = true;
      for (const other of workers.values()) other.kill('SIGTERM');
      gaveUp?.(new Error('workers keep dying at start'));
      return;
    }
    log.warn(`worker ${worker.id} (pid ${worker.process.pid}) exited (${how}); starting another`);
    start();
  });

  for (let n = 0; n < count; n += 1) start();

  return {
    /** Workers running now. */
    size: () => workers.size,
    stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
      stopping = true;
      if (workers.size === 0) allExited?.();
      for (const worker of workers.values()) worker.kill(signal);
      return done;
    },
    /** Settles when every worker has exited after stop(), or rejects on a crash loop. */
    done,
  };
}
