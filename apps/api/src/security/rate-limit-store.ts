import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RedisClient } from '../redis/redis-client';

/**
 * Where the rate limiters of a process keep their counters: one rate-limiter-flexible counter per
 * rule, in process memory or in Redis (shared by every API process behind the load balancer).
 * Each counter increments atomically (a Lua script in Redis), which is what keeps a burst of
 * parallel requests to the limit.
 */
export interface RateLimitStore {
  /** A counter whose keys live for `durationMs` from their first event, namespaced by `name`. */
  counter(name: string, durationMs: number): RateLimiterAbstract;
  /** Forgets what is counted in memory; the Redis connection belongs to the caller. */
  close(): Promise<void>;
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** In-process counters: right for a single API process and for tests. */
export function createMemoryRateLimitStore(): RateLimitStore {
  return {
    counter: (name, durationMs) =>
      new RateLimiterMemory({ keyPrefix: name, points: 1, duration: secondsOf(durationMs) }),
    async close() {},
  };
}

/**
 * Counters in Redis. The connection belongs to the caller (the composition root), which closes
 * it; this store only uses it.
 */
export function createRedisRateLimitStore(
  client: RedisClient,
  options: { keyPrefix?: string } = {},
): RateLimitStore {
  const keyPrefix = options.keyPrefix ?? 'patrol:rate-limit:';
  return {
    counter: (name, durationMs) =>
      new RateLimiterRedis({
        storeClient: client,
        useRedisPackage: true,
        keyPrefix: keyPrefix + name,
        points: 1,
        duration: secondsOf(durationMs),
      }),
    async close() {},
  };
}

/** Redis when the process has a Redis connection (REDIS_URL), memory otherwise. */
export function createRateLimitStore(redis: RedisClient | undefined): RateLimitStore {
  return redis ? createRedisRateLimitStore(redis) : createMemoryRateLimitStore();
}
