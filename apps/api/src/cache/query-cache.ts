import { createTtlCache } from './ttl-cache';

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
  const answers = createTtlCache<Promise<V>>(options);
  return {
    get(key, load) {
      const held = answers.get(key);
      if (held) return held;
      const answer = load();
      answers.set(key, answer);
      answer.catch(() => {
        if (answers.get(key) === answer) answers.delete(key);
      });
      return answer;
    },
    // A load under way is dropped with the rest: a change during it may be missing from its answer.
    clear() {
      answers.clear();
    },
  };
}
