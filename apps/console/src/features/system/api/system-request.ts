import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { breakers, breakerPresets, throughBreaker, type BreakerHealth } from '@/lib/breaker';
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

const stateRank = { CLOSED: 0, HALF_OPEN: 1, OPEN: 2 } as const;

/** The breaker of the three loads that is worst off (open before half-open before closed). */
function worstBreaker(): BreakerHealth {
  const names = [systemBreakerNames.health, systemBreakerNames.metrics, systemBreakerNames.cluster];
  const all = names.map((name) => breakers.get(name, breakerPresets.service).getHealth());
  return all.reduce((worst, health) =>
    stateRank[health.state] > stateRank[worst.state] ||
    (health.state === worst.state && health.failureCount > worst.failureCount)
      ? health
      : worst,
  );
}

/** The state of the system screen's breakers, as its worst one, kept current. */
export function useSystemBreaker(): BreakerHealth {
  const [health, setHealth] = useState(worstBreaker);

  useEffect(() => {
    const update = () => setHealth(worstBreaker());
    const names = [
      systemBreakerNames.health,
      systemBreakerNames.metrics,
      systemBreakerNames.cluster,
    ];
    const unsubscribers = names.map((name) =>
      breakers.get(name, breakerPresets.service).subscribe(update),
    );
    update();
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, []);

  // An open breaker turns half-open by itself when its time is up, without telling anyone.
  const nextAttemptAt = health.nextAttemptAt?.getTime();
  useEffect(() => {
    if (nextAttemptAt === undefined) return;
    const timer = setTimeout(
      () => setHealth(worstBreaker()),
      Math.max(0, nextAttemptAt - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [nextAttemptAt]);

  return health;
}

/** Closes the system screen's breakers (between tests). */
export function resetSystemBreakers(): void {
  for (const name of Object.values(systemBreakerNames)) {
    breakers.get(name, breakerPresets.service).reset();
  }
}
