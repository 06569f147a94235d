import { useEffect, useState } from 'react';
import { breakers, type BreakerHealth } from '@/lib/breaker';
import { otaBreakerName } from '@/features/ota/api/ota-request';

/** The OTA breaker's state, failures and retry time, kept current. */
export function useOtaBreaker(): BreakerHealth {
  const breaker = breakers.get(otaBreakerName);
  const [health, setHealth] = useState(() => breaker.getHealth());

  useEffect(() => {
    const update = () => setHealth(breaker.getHealth());
    const unsubscribe = breaker.subscribe(update);
    update();
    return unsubscribe;
  }, [breaker]);

  // An open breaker turns half-open by itself when its time is up, without telling anyone.
  const nextAttemptAt = health.nextAttemptAt?.getTime();
  useEffect(() => {
    if (nextAttemptAt === undefined) return;
    const timer = setTimeout(
      () => setHealth(breaker.getHealth()),
      Math.max(0, nextAttemptAt - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [breaker, nextAttemptAt]);

  return health;
}
