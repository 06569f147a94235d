/** Per-second rates of cumulative counters (PostgreSQL's pg_stat_database), sample to sample. */
export interface CounterRates<K extends string> {
  /**
   * Takes the counters' current values; answers their rates since the previous sample at least
   * `minIntervalMs` old, or the last rates when the previous sample is more recent than that (two
   * readers a millisecond apart must not divide by nothing). Null until two samples exist, and
   * again after the counters went backwards (statistics reset, another database).
   */
  update(counters: Record<K, number>): { perSecond: Record<K, number>; seconds: number } | null;
}

export function createCounterRates<K extends string>(
  options: { minIntervalMs?: number; now?: () => number } = {},
): CounterRates<K> {
  const now = options.now ?? Date.now;
  const minIntervalMs = options.minIntervalMs ?? 1_000;
  let previous: { at: number; counters: Record<K, number> } | undefined;
  let last: { perSecond: Record<K, number>; seconds: number } | null = null;
  return {
    update(counters) {
      const at = now();
      if (!previous) {
        previous = { at, counters };
        return null;
      }
      const elapsedMs = at - previous.at;
      if (elapsedMs < minIntervalMs) return last;
      const keys = Object.keys(counters) as K[];
      const before = previous.counters;
      previous = { at, counters };
      if (keys.some((key) => counters[key] < (before[key] ?? 0))) {
        last = null;
        return null;
      }
      const seconds = elapsedMs / 1000;
      const perSecond = Object.fromEntries(
        keys.map((key) => [key, Math.round(((counters[key] - before[key]) / seconds) * 10) / 10]),
      ) as Record<K, number>;
      last = { perSecond, seconds: Math.round(seconds * 10) / 10 };
      return last;
    },
  };
}
