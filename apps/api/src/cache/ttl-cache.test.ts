import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('ttl cache', () => {
  it('forgets an entry once its time is up', () => {
    let clock = 0;
    const cache = createTtlCache<string>({ ttlMs: 100, maxEntries: 10, now: () => clock });
    cache.set('a', 'first');
    clock = 99;
    expect(cache.get('a')).toBe('first');
    clock = 100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the oldest entry past its size', () => {
    const cache = createTtlCache<number>({ ttlMs: 1_000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('deletes the entries a predicate selects', () => {
    const cache = createTtlCache<{ client: string }>({ ttlMs: 1_000, maxEntries: 10 });
    cache.set('a', { client: 'x' });
    cache.set('b', { client: 'y' });
    cache.deleteWhere((value) => value.client === 'x');
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, { client: 'y' }]);
  });
});
