/** Answers to a query, by key, held briefly and forgotten at once when what they show changes. */
export interface QueryCache<V> {
  /**
   * The held answer to `key`, or the one `load` gives, shared by every caller asking meanwhile.
   * A load that began before a `clear()` answers its callers but is not kept.
   */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Something the answers show has changed: forget them all. */
  clear(): void;
}

/**
 * Entries live `ttlMs` (the bound on staleness when a change goes unannounced, e.g. a lost relay
 * message); past `maxEntries` the oldest go first. A failed load is not kept.
 */
export function createQueryCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): QueryCache<V> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { answer: Promise<V>; expiresAt: number }>();
  return {
    get(key, load) {
      const held = entries.get(key);
      if (held && held.expiresAt > now()) return held.answer;
      entries.delete(key);
      const answer = load();
      const entry = { answer, expiresAt: now() + options.ttlMs };
      entries.set(key, entry);
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      answer.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return answer;
    },
    // A load under way is dropped with the rest: a change during it may be missing from its answer.
    clear() {
      entries.clear();
    },
  };
}
