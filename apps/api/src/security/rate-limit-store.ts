import { createClient } from 'redis';

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
  const openWindow = (key: string) => {
    const window = windows.get(key);
    if (window && window.expiresAt > now()) return window;
    windows.delete(key);
    return undefined;
  };
  return {
    async increment(key, windowMs) {
      if (windows.size > sweepThreshold) {
        for (const [candidate, window] of windows) {
          if (window.expiresAt <= now()) windows.delete(candidate);
        }
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
 * Counters in Redis, shared by every API process behind the load balancer. Connects in the
 * background; each call waits for the connection. `onError` hears connection errors (the client
 * keeps reconnecting), which would otherwise crash the process as unhandled 'error' events.
 */
export function createRedisRateLimitStore(
  redisUrl: string,
  options: { keyPrefix?: string; onError?: (error: Error) => void } = {},
): RateLimitStore {
  const keyPrefix = options.keyPrefix ?? 'patrol:rate-limit:';
  const client = createClient({ url: redisUrl });
  client.on('error', (error: Error) => options.onError?.(error));
  const connected = client.connect();
  const ready = async () => {
    await connected;
    return client;
  };
  let closing: Promise<void> | undefined;
  return {
    async increment(key, windowMs) {
      const fullKey = keyPrefix + key;
      // NX: only the first event of a window sets its expiry, so the window is fixed.
      const [count] = await (
        await ready()
      )
        .multi()
        .incr(fullKey)
        .pExpire(fullKey, windowMs, 'NX')
        .execAsPipeline();
      return Number(count);
    },
    async count(key) {
      return Number((await (await ready()).get(keyPrefix + key)) ?? 0);
    },
    async reset(key) {
      await (await ready()).del(keyPrefix + key);
    },
    async close() {
      closing ??= connected.then(
        () => client.close(),
        () => client.destroy(),
      );
      await closing;
    },
  };
}

/** Redis when a URL is configured, memory otherwise. */
export function createRateLimitStore(
  redisUrl: string | undefined,
  onError?: (error: Error) => void,
): RateLimitStore {
  return redisUrl ? createRedisRateLimitStore(redisUrl, { onError }) : createMemoryRateLimitStore();
}
