import { createRateLimiter, type RateLimiter, type RateLimitRule } from './rate-limiter';
import type { RateLimitStore } from './rate-limit-store';

const minute = 60 * 1000;
const fifteenMinutes = 15 * minute;

/**
 * Every abuse limit of the API in one table, so an operator reads them in one place.
 *
 * Sign-in, per account: 5 failed sign-in or code attempts in 15 minutes, then 429 (far under OWASP
 * ASVS 2.2.1's 100 an hour). Per address: coarser, since an office shares one address. Recovery
 * requests are counted whether or not the account exists, so the limit reveals nothing.
 *
 * Devices: failed activations (unknown key, expired, bound elsewhere) per address, 30 per 15
 * minutes: enough for a site's typing mistakes, far too few to probe for keys, while a whole fleet
 * activating behind one address is never held up. A device reports every few seconds at most:
 * 30 calls a minute per token; unknown tokens are counted too, by token.
 */
export const rateLimitRules = {
  signInAccount: { name: 'auth-account', limit: 5, windowMs: fifteenMinutes },
  signInAddress: { name: 'auth-address', limit: 30, windowMs: fifteenMinutes },
  recoveryRequests: { name: 'auth-recovery', limit: 10, windowMs: fifteenMinutes },
  deviceActivationFailures: { name: 'device-activate', limit: 30, windowMs: fifteenMinutes },
  deviceCalls: { name: 'device-calls', limit: 30, windowMs: minute },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof rateLimitRules;

/** One limiter per rule, all counting in the same store (Redis with REDIS_URL, memory otherwise). */
export type RateLimiters = Record<RateLimitName, RateLimiter>;

/** Builds every limiter of `rateLimitRules` over `store`. */
export function createRateLimiters(store: RateLimitStore): RateLimiters {
  const entries = Object.entries(rateLimitRules).map(([name, rule]) => [
    name,
    createRateLimiter(store, rule),
  ]);
  return Object.fromEntries(entries) as RateLimiters;
}
