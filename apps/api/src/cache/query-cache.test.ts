import { describe, expect, it } from 'vitest';
import { createQueryCache } from './query-cache';

/** A load the test finishes by hand. */
function pending<V>() {
  let resolve!: (value: V) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<V>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('query cache', () => {
  it('shares one load between the callers asking meanwhile, and keeps its answer for its time', async () => {
    let clock = 5_000;
    let loads = 0;
    const cache = createQueryCache<number>({
      ttlMs: 1_000,
      maxEntries: 10,
      perf: { now: () => clock },
    });
    const load = async () => (loads += 1);
    const [first, second] = await Promise.all([
      cache.get('page 1', load),
      cache.get('page 1', load),
    ]);
    expect([first, second, loads]).toEqual([1, 1, 1]);
    clock = 6_000;
    expect(await cache.get('page 1', load)).toBe(1);
    clock = 6_001;
    expect(await cache.get('page 1', load)).toBe(2);
    expect(await cache.get('page 2', load)).toBe(3);
  });

  it('forgets every answer at a change, including a load under way', async () => {
    const cache = createQueryCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    await cache.get('held', async () => 'before');
    const underWay = pending<string>();
    const started = cache.get('loading', () => underWay.promise);
    cache.clear();
    underWay.resolve('read before the change');
    expect(await started).toBe('read before the change');
    expect(await cache.get('held', async () => 'after')).toBe('after');
    expect(await cache.get('loading', async () => 'after')).toBe('after');
  });

  it('keeps no failed load', async () => {
    const cache = createQueryCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    await expect(
      cache.get('page', () => Promise.reject(new Error('database down'))),
    ).rejects.toThrow('database down');
    expect(await cache.get('page', async () => 'read again')).toBe('read again');
  });

  it('drops the least recently used answer past its size', async () => {
    const cache = createQueryCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => `${key} first`);
    const read = (key: string) => cache.get(key, async () => `${key} again`);
    expect([await read('c'), await read('b'), await read('a')]).toEqual([
      'c first',
      'b first',
      'a again',
    ]);
  });
});

describe('query cache with no lifetime', () => {
  it('loads at every read', async () => {
    let loads = 0;
    const cache = createQueryCache<number>({ ttlMs: 0, maxEntries: 10 });
    await cache.get('page', async () => (loads += 1));
    expect(await cache.get('page', async () => (loads += 1))).toBe(2);
  });
});
