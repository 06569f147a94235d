import { LRUCache } from 'lru-cache';

/** Answers to a query, by key, held briefly and forgotten at once when what they show changes. */
export interface QueryCache<V extends NonNullable<unknown>> {
  /**
   * The held answer to `key`, or the one `load` gives, shared by every caller asking meanwhile.
   * A load that began before a `clear()` answers its callers but is not kept.
   */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Something the answers show has changed: forget them all. */
  clear(): void;
}

/**
 * lru-cache's `fetch` with the caller's load as its context: entries live `ttlMs` (the bound on
 * staleness when a change goes unannounced, e.g. a lost relay message), past `maxEntries` the
 * least recently used go first, a failed load is not kept, and `ttlMs` 0 reads every time.
 */
export function createQueryCache<V extends NonNullable<unknown>>(options: {
  ttlMs: number;
  maxEntries: number;
  perf?: { now(): number };
}): QueryCache<V> {
  if (options.ttlMs <= 0) return { get: (_key, load) => load(), clear: () => undefined };
  const answers = new LRUCache<string, V, () => Promise<V>>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    ttlResolution: 0,
    perf: options.perf,
    // clear() aborts the loads under way; their callers still get the answer, the cache does not.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    // fetch answers undefined only when the load does, which V excludes.
    get: async (key, load) => (await answers.fetch(key, { context: load })) as V,
    clear: () => answers.clear(),
  };
}
