import { LRUCache } from 'lru-cache';

/**
 * An LRU cache of at most `maxEntries`, with a time to live, whose storage grows as it fills.
 * lru-cache's `max` allocates storage for every entry up front, which for the device sessions'
 * 500,000 and the sessions' 100,000 held 24 MiB resident from start-up; `maxSize` at a size of 1
 * an entry bounds the cache the same way without it.
 */
export function growingCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  maxEntries: number,
  ttlMs: number,
) {
  return new LRUCache<K, V>({ ttl: ttlMs, maxSize: maxEntries, sizeCalculation: () => 1 });
}
