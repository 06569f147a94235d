// The generic service call of spec 2 section 4 (OTA, system status, update notices): a breaker
// with refusals instead of delays, and a retry helper, both on top of lib/breaker.
import {
  breakers,
  SourceUnavailableError,
  breakerPresets,
  isWorthRetrying,
  waitUntil,
  type BreakerSkip,
} from '@/lib/breaker';

/** The generic service breaker's refusals (spec 2 sections 4 and 8). */
export const serviceBreakerMessages = {
  /** A repeat within the minimum interval. */
  rateLimited: 'Rate limited',
  /** The breaker is open, or its half-open trial is running. */
  unavailable: 'Service temporarily unavailable',
} as const;

/**
 * Runs `operation` through the breaker `name` with the generic service settings (5 failures,
 * 30 s open, 500 ms between calls). Unlike throughBreaker, a repeat within the minimum interval is
 * refused ('Rate limited') rather than delayed, and an open breaker refuses with 'Service
 * temporarily unavailable'; both as SourceUnavailableError. Failures are rethrown as they are.
 */
export async function callService<T>(
  name: string,
  operation: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const breaker = breakers.get(name, breakerPresets.service);
  const result = await breaker.execute<{ ran: T } | { skipped: BreakerSkip }>(
    async (signal) => ({ ran: await operation(signal) }),
    { fallback: (skip) => ({ skipped: skip }) },
  );
  if ('ran' in result) return result.ran;
  const { reason, retryAfter } = result.skipped;
  const message =
    reason === 'min-interval'
      ? serviceBreakerMessages.rateLimited
      : serviceBreakerMessages.unavailable;
  throw new SourceUnavailableError(message, reason, retryAfter);
}

export type RetryOptions = {
  /** Tries in all, the first included (default 3). */
  attempts?: number;
  /** Wait before the second try (default 1000 ms). */
  baseDelayMs?: number;
  /** Each next wait is the one before times this (default 2: doubling; 1 keeps it fixed). */
  multiplier?: number;
  /** Up to this much is added at random to each wait, so clients do not retry in step (1000 ms). */
  maxJitterMs?: number;
  /** Aborting stops the waiting, rejecting with the signal's reason. */
  signal?: AbortSignal;
  /** For tests: a number in [0, 1) (default Math.random). */
  random?: () => number;
};

/**
 * The retry helper of spec 2 section 4: up to 3 tries, waiting 1000 ms then 2000 ms (doubling),
 * each plus up to 1 s of random jitter. Only a failure worth it (isWorthRetrying: no answer or a
 * 5xx) is tried again; a 4xx or a breaker's refusal is rethrown at once. `operation` hears the try's number, from 1.
 */
export async function withRetry<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const {
    attempts = 3,
    baseDelayMs = 1_000,
    multiplier = 2,
    maxJitterMs = 1_000,
    signal,
    random = Math.random,
  } = options;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= attempts || !isWorthRetrying(error)) throw error;
      const delayMs = baseDelayMs * multiplier ** (attempt - 1) + random() * maxJitterMs;
      await waitUntil(new Date(Date.now() + delayMs), signal);
    }
  }
}
