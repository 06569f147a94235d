import type { RateLimitStore } from './rate-limit-store';

/** A named limit: at most `limit` counted events per key within `windowMs`. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

/** Counts events (failed sign-ins, recovery requests) per key and says when a key is over its limit. */
export interface RateLimiter {
  /** True while `key` has used up its allowance in the open window. */
  isBlocked(key: string): Promise<boolean>;
  /** Counts one event for `key`. */
  record(key: string): Promise<void>;
  /** Counts one event for `key` and answers whether it was still within the limit. */
  consume(key: string): Promise<boolean>;
  /** Counts one event for `key` and answers the count in the open window. */
  hit(key: string): Promise<number>;
  /** The rule's allowance per window. */
  readonly limit: number;
  /** Clears `key` (a successful sign-in clears its account's failures). */
  reset(key: string): Promise<void>;
}

/** A limiter for one rule over a shared store; keys are namespaced by the rule's name. */
export function createRateLimiter(store: RateLimitStore, rule: RateLimitRule): RateLimiter {
  const storeKey = (key: string) => `${rule.name}:${key}`;
  return {
    async isBlocked(key) {
      return (await store.count(storeKey(key))) >= rule.limit;
    },
    async record(key) {
      await store.increment(storeKey(key), rule.windowMs);
    },
    async consume(key) {
      return (await store.increment(storeKey(key), rule.windowMs)) <= rule.limit;
    },
    hit(key) {
      return store.increment(storeKey(key), rule.windowMs);
    },
    limit: rule.limit,
    async reset(key) {
      await store.reset(storeKey(key));
    },
  };
}
