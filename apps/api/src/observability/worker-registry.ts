import type { RedisClient } from '../redis/redis-client';

/**
 * Where each API process leaves its latest figures for the others to list. What is stored is the
 * caller's (validated when read: another process may run another version).
 */
export interface WorkerRegistry {
  /** 'redis' when the processes share one; 'local' lists this process alone. */
  readonly kind: 'redis' | 'local';
  /** Stores this process's latest figures; they vanish `ttlMs` later unless published again. */
  publish(id: string, snapshot: unknown): Promise<void>;
  /** Every process's latest figures published within `ttlMs`, as stored (JSON values). */
  list(): Promise<unknown[]>;
  /** Withdraws a process at shutdown, so it does not linger in the list until its figures expire. */
  remove(id: string): Promise<void>;
}

export interface WorkerRegistryOptions {
  /** A process that has not published for this long is gone (default 15 s: three missed ticks). */
  ttlMs?: number;
  /** Keys start with this (default 'patrol:system:'). */
  keyPrefix?: string;
  now?: () => number;
}

/** In-process: a single process lists only itself. */
export function createLocalWorkerRegistry(options: WorkerRegistryOptions = {}): WorkerRegistry {
  const ttlMs = options.ttlMs ?? 15_000;
  const now = options.now ?? Date.now;
  const held = new Map<string, { snapshot: unknown; at: number }>();
  return {
    kind: 'local',
    async publish(id, snapshot) {
      // Stored as another process would read it: plain JSON, no shared references.
      held.set(id, { snapshot: JSON.parse(JSON.stringify(snapshot)) as unknown, at: now() });
    },
    async list() {
      return [...held.values()]
        .filter((entry) => now() - entry.at < ttlMs)
        .map((entry) => entry.snapshot);
    },
    async remove(id) {
      held.delete(id);
    },
  };
}

/**
 * Shared through Redis: each process's figures under a key of their own with a time-to-live, and
 * a sorted set of process ids by last report, so listing reads a handful of keys instead of
 * scanning the keyspace (which also holds every rate-limit counter).
 */
export function createRedisWorkerRegistry(
  client: RedisClient,
  options: WorkerRegistryOptions = {},
): WorkerRegistry {
  const ttlMs = options.ttlMs ?? 15_000;
  const now = options.now ?? Date.now;
  const prefix = options.keyPrefix ?? 'patrol:system:';
  const index = `${prefix}workers`;
  const keyOf = (id: string) => `${prefix}worker:${id}`;
  return {
    kind: 'redis',
    async publish(id, snapshot) {
      const at = now();
      await client
        .multi()
        .set(keyOf(id), JSON.stringify(snapshot), {
          expiration: { type: 'PX', value: ttlMs },
        })
        .zAdd(index, { score: at, value: id })
        .zRemRangeByScore(index, '-inf', at - ttlMs)
        // The index outlives its members only as long as the last of them.
        .pExpire(index, ttlMs)
        .execAsPipeline();
    },
    async list() {
      const ids = await client.zRangeByScore(index, now() - ttlMs, '+inf');
      if (ids.length === 0) return [];
      const values = await client.mGet(ids.map(keyOf));
      return values.flatMap((value) => (value ? [JSON.parse(String(value)) as unknown] : []));
    },
    async remove(id) {
      await client.multi().del(keyOf(id)).zRem(index, id).execAsPipeline();
    },
  };
}
