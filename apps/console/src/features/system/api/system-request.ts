import { api } from '@/lib/api-client';
import { breakers, breakerPresets, throughBreaker } from '@/lib/breaker';
import { serviceBreakerMessages, withRetry } from '@/lib/service-call';

/**
 * Every call of the system screen goes through here (spec 2 sections 4 and 7): the generic
 * service breaker of health checks (5 failures open it for 30 s, then 'Service temporarily
 * unavailable'; 500 ms at least between calls) and the retry helper (3 tries, 1 s then
 * 2 s apart, plus up to 1 s of jitter). Each call has a breaker of its own, so the three loads of
 * one refresh, sent together, are not refused as repeats of each other.
 */

/** The system panel's auto-refresh period (spec 2 section 9). */
export const systemAutoRefreshMs = 30_000;

export const systemBreakerNames = {
  health: 'systemHealth',
  metrics: 'systemMetrics',
  cluster: 'systemCluster',
  report: 'systemReport',
} as const;

export type SystemCallName = keyof typeof systemBreakerNames;

/**
 * GET `path` through the call's breaker, with the retry helper. A refusal by the open breaker, or
 * an answer the server would repeat (401, 403), is not tried again. `signal` stops the waiting
 * between tries; it never aborts a call in flight, which would count against the breaker.
 */
export function systemGet<T>(call: SystemCallName, path: string, signal?: AbortSignal): Promise<T> {
  return withRetry(
    () =>
      // A repeat within the 500 ms minimum interval (a systemAlert's reload, a click on Refresh
      // right after a load) waits the interval out and goes; an open breaker refuses at once.
      throughBreaker(
        systemBreakerNames[call],
        (breakerSignal) => api.get<T>(path, { signal: breakerSignal }),
        {
          unavailableMessage: serviceBreakerMessages.unavailable,
          signal,
          options: breakerPresets.service,
        },
      ),
    { signal },
  );
}

/** The breakers of the screen's three loads, whose worst one its status line shows. */
export const systemLoadBreakerNames = [
  systemBreakerNames.health,
  systemBreakerNames.metrics,
  systemBreakerNames.cluster,
] as const;

/** Closes the system screen's breakers (between tests). */
export function resetSystemBreakers(): void {
  for (const name of Object.values(systemBreakerNames)) {
    breakers.get(name, breakerPresets.service).reset();
  }
}
