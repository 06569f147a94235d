import { useEffect, useState } from 'react';
import { breakers, type BreakerHealth, type BreakerOptions } from '@/lib/breaker';

const stateRank = { CLOSED: 0, HALF_OPEN: 1, OPEN: 2 } as const;

/** The worst off of the named breakers (open before half-open before closed, then most failures). */
function worstOf(names: readonly string[], options: BreakerOptions | undefined): BreakerHealth {
  const all = names.map((name) => breakers.get(name, options).getHealth());
  return all.reduce((worst, health) =>
    stateRank[health.state] > stateRank[worst.state] ||
    (health.state === worst.state && health.failureCount > worst.failureCount)
      ? health
      : worst,
  );
}

/**
 * The health of the named breakers, as their worst one, kept current: it follows their changes,
 * and an open one turning half-open by itself when its time is up (which tells no one).
 * `options` creates a breaker not yet used (e.g. breakerPresets.service).
 */
export function useBreakerHealth(
  names: readonly string[],
  options?: BreakerOptions,
): BreakerHealth {
  const key = names.join('\n');
  const [health, setHealth] = useState(() => worstOf(names, options));

  useEffect(() => {
    const watched = key.split('\n');
    const update = () => setHealth(worstOf(watched, options));
    const unsubscribers = watched.map((name) => breakers.get(name, options).subscribe(update));
    update();
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [key, options]);

  const nextAttemptAt = health.nextAttemptAt?.getTime();
  useEffect(() => {
    if (nextAttemptAt === undefined) return;
    const timer = setTimeout(
      () => setHealth(worstOf(key.split('\n'), options)),
      Math.max(0, nextAttemptAt - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [key, options, nextAttemptAt]);

  return health;
}
