import { describe, expect, it } from 'vitest';
import { growingCache } from './growing-cache';

describe('growingCache', () => {
  it('keeps at most its entries, the least recently used leaving first', () => {
    const cache = growingCache<string, number>(3, 60_000);
    for (const key of ['a', 'b', 'c']) cache.set(key, 1);
    cache.get('a');
    cache.set('d', 1);
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(cache.size).toBe(3);
  });

  it('gives each entry its time to live', () => {
    const cache = growingCache<string, number>(10, 1_000);
    cache.set('a', 1);
    expect(cache.getRemainingTTL('a')).toBeGreaterThan(0);
    expect(cache.getRemainingTTL('a')).toBeLessThanOrEqual(1_000);
  });
});
