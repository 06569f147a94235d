import type { RedisClient } from '../redis/redis-client';

/** Fixed-window counters shared by every rate limiter of a process (or of all processes, in Redis). */
export interface RateLimitStore {
  /** Adds one to `key`, opening a window of `windowMs` if none is open; answers the new count. */
  increment(key: string, windowMs: number): Promise<number>;
  /** The count in the open window of `key` (0 when none is open). */
  count(key: string): Promise<number>;
  /** Forgets `key`. */
  reset(key: string): Promise<void>;
  /** Releases the connection, if any; safe to call twice. */
  close(): Promise<void>;
}

// Past this many keys, expired windows are swept so that the map cannot grow without bound.
const sweepThreshold = 10_000;

/** In-process counters: right for a single API process and for tests. */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; expiresAt: number }>();
  // After a sweep, the next waits until the map has doubled: a fleet of more devices than the
  // threshold, all within their window, would otherwise be walked on every heartbeat.
  let nextSweepAt = sweepThreshold;
  const openWindow = (key: string) => {
    const window = windows.get(key);
    if (window && window.expiresAt > now()) return window;
    windows.delete(key);
    return undefined;
  };
  return {
    async increment(key, windowMs) {
      if (windows.size > nextSweepAt) {
        const at = now();
        for (const [candidate, window] of windows) {
          if (window.expiresAt <= at) windows.delete(candidate);
        }
        nextSweepAt = Math.max(sweepThreshold, 2 * windows.size);
      }
      const window = openWindow(key) ?? { count: 0, expiresAt: now() + windowMs };
      window.count += 1;
      windows.set(key, window);
      return window.count;
    },
    async count(key) {
      return openWindow(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

/**
 * Counters in Redis, shared by every API process behind the load balancer. The connection belongs
 * to the caller (the composition root), which closes it; this store only uses it.
 */
export function createRedisRateLimitStore(
  client: RedisClient,
  options: { keyPrefix?: string } = {},
): RateLimitStore {
  const keyPrefix = options.keyPrefix ?? 'patrol:rate-limit:';
  return {
    async increment(key, windowMs) {
      const fullKey = keyPrefix + key;
      // NX: only the first event of a window sets its expiry, so the window is fixed.
      const [count] = await client
        .multi()
        .incr(fullKey)
        .pExpire(fullKey, windowMs, 'NX')
        .execAsPipeline();
      return Number(count);
    },
    async count(key) {
      return Number((await client.get(keyPrefix + key)) ?? 0);
    },
    async reset(key) {
      await client.del(keyPrefix + key);
    },
    async close() {},
  };
}

/** Redis when the process has a Redis connection (REDIS_URL), memory otherwise. */
export function createRateLimitStore(redis: RedisClient | undefined): RateLimitStore {
  return redis ? createRedisRateLimitStore(redis) : createMemoryRateLimitStore();
}
