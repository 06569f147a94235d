import type { RateLimitStore } from './rate-limit-store';

/** A named limit: at most `limit` counted events per key within any `windowMs`. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

/** An event counted before its outcome is known; refunded when it turns out not to count. */
export interface Reservation {
  /** Events still allowed in the sliding window after this one (0: the next is refused). */
  remaining: number;
  /** Takes this event back out of the count (a sign-in that succeeded is no failure). */
  refund(): Promise<void>;
}

/** Counts events (failed sign-ins, device calls) per key and refuses those over the limit. */
export interface RateLimiter {
  /** Counts one event for `key` and answers whether it was within the limit; a refused one is not counted. */
  consume(key: string): Promise<boolean>;
  /**
   * Counts one event for `key` before the caller knows whether it should count (a failure
   * limit: count first, refund on success), or answers undefined, counting nothing, when the key is
   * over its limit. Counting first is what holds parallel attempts to the limit.
   */
  reserve(key: string): Promise<Reservation | undefined>;
  /** The rule's allowance per window. */
  readonly limit: number;
  /** Clears `key` (a successful sign-in clears its account's failures). */
  reset(key: string): Promise<void>;
}

/**
 * A limiter for one rule over a shared store, as a sliding window: the count of the current fixed
 * window plus the previous window's count weighted by how much of the trailing window still
 * overlaps it. A plain fixed window lets twice the limit through around its edge (the limit just
 * before, the limit again just after); here a full previous window keeps refusing just after the
 * edge and frees the allowance as it slides out. The increment of the current window is atomic and
 * the previous window no longer changes, so check and count are one step.
 */
export function createRateLimiter(store: RateLimitStore, rule: RateLimitRule): RateLimiter {
  // Each window's counter outlives the next window, which reads it as the previous one.
  const counter = store.counter(rule.name, 2 * rule.windowMs);
  const windowKey = (key: string, index: number) => `${key}@${index}`;

  const count = async (key: string) => {
    const now = Date.now();
    const index = Math.floor(now / rule.windowMs);
    const overlap = 1 - (now % rule.windowMs) / rule.windowMs;
    const currentKey = windowKey(key, index);
    const [current, previous] = await Promise.all([
      counter.penalty(currentKey, 1),
      counter.get(windowKey(key, index - 1)),
    ]);
    const estimate = current.consumedPoints + (previous?.consumedPoints ?? 0) * overlap;
    return {
      remaining: Math.floor(rule.limit - estimate),
      refund: async () => {
        await counter.reward(currentKey, 1);
      },
    };
  };

  const reserve = async (key: string) => {
    const reservation = await count(key);
    if (reservation.remaining >= 0) return reservation;
    await reservation.refund();
    return undefined;
  };

  return {
    reserve,
    consume: async (key) => (await reserve(key)) !== undefined,
    limit: rule.limit,
    async reset(key) {
      const index = Math.floor(Date.now() / rule.windowMs);
      await Promise.all([
        counter.delete(windowKey(key, index)),
        counter.delete(windowKey(key, index - 1)),
      ]);
    },
  };
}
