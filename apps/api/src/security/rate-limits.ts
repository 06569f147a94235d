import { crashReportsPerDeviceMinute } from '@patrol/contracts';
import { createRateLimiter, type RateLimiter, type RateLimitRule } from './rate-limiter';
import type { RateLimitStore } from './rate-limit-store';

const minute = 60 * 1000;
const fifteenMinutes = 15 * minute;

/**
 * Every abuse limit of the API in one table, so an operator reads them in one place.
 *
 * Passwords (OWASP ASVS 2.2.1, which asks for at most 100 failures an hour per account): 5 tries
 * in 15 minutes per account and address pair, so one source cannot guess; 30 failures in an hour
 * per account from anywhere, then a back-off that the account's owner passes from a device that
 * has signed in before (a cookie) and that a completed reset clears, so strangers can slow an
 * account down but not lock its owner out. The owner is mailed when the back-off starts.
 * Per address: coarser, since an office shares one address. Codes are tried only after the
 * password: 5 in 15 minutes per account. Recovery requests are counted whether or not the
 * account exists, so the limit reveals nothing; a new password is set at most 10 times in 15
 * minutes per address, counted before the hashing.
 *
 * Devices: failed activations (unknown key, expired, bound elsewhere) per address, 30 per 15
 * minutes: enough for a site's typing mistakes, far too few to probe for keys, while a whole fleet
 * activating behind one address is never held up (an attempt is counted while it runs and given
 * back when it succeeds, so at most 30 run at once from one address). Across all addresses, 300
 * failures a minute: far above what fleets' typing mistakes make, and a key-guessing burst from
 * many addresses is slowed to that (every activation waits while it is spent). One licence key is
 * activated at most 10 times an hour, from anywhere. A device reports every few seconds at most:
 * 30 calls a minute per token; unknown tokens are counted too, by token. Crash reports are counted
 * apart, 30 a minute per token, so that an app in a crash loop neither floods the viewer nor
 * spends the allowance its heartbeats need.
 *
 * Each limit slides (see rate-limiter.ts), so it also holds across the edge of a window, and
 * failures are counted before the attempt is judged, so parallel attempts are held like sequential
 * ones.
 */
export const rateLimitRules = {
  signInPair: { name: 'auth-pair', limit: 5, windowMs: fifteenMinutes },
  signInAccount: { name: 'auth-account', limit: 30, windowMs: 60 * minute },
  signInCodes: { name: 'auth-codes', limit: 5, windowMs: fifteenMinutes },
  signInAddress: { name: 'auth-address', limit: 30, windowMs: fifteenMinutes },
  recoveryRequests: { name: 'auth-recovery', limit: 10, windowMs: fifteenMinutes },
  passwordSetting: { name: 'auth-set-password', limit: 10, windowMs: fifteenMinutes },
  deviceActivationFailures: { name: 'device-activate', limit: 30, windowMs: fifteenMinutes },
  deviceActivationFailuresAll: { name: 'device-activate-all', limit: 300, windowMs: minute },
  licenceActivations: { name: 'licence-activate', limit: 10, windowMs: 60 * minute },
  deviceCalls: { name: 'device-calls', limit: 30, windowMs: minute },
  crashReports: { name: 'crash-reports', limit: crashReportsPerDeviceMinute, windowMs: minute },
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
