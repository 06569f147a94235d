import { describe, expect, it, vi } from 'vitest';
import { createSnapshotCache } from './snapshot-cache';

/** A computation whose results and calls the test controls. */
function counter() {
  let value = 0;
  const compute = vi.fn(async () => {
    value += 1;
    return value;
  });
  return compute;
}

describe('snapshot cache', () => {
  it('computes on the first read and serves the snapshot until it is older than its ttl', async () => {
    let clock = 0;
    const compute = counter();
    const cache = createSnapshotCache(compute, { ttlMs: 1_000, now: () => clock });
    expect(await cache.read()).toBe(1);
    clock = 999;
    expect(await cache.read()).toBe(1);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('answers the stale snapshot at once and refreshes behind the reader', async () => {
    let clock = 0;
    const compute = counter();
    const cache = createSnapshotCache(compute, { ttlMs: 1_000, now: () => clock });
    await cache.read();
    clock = 1_000;
    expect(await cache.read()).toBe(1);
    await vi.waitFor(() => expect(compute).toHaveBeenCalledTimes(2));
    expect(await cache.read()).toBe(2);
  });

  it('makes the next reader wait for a snapshot computed after a change it must see', async () => {
    let clock = 5_000;
    const compute = counter();
    const cache = createSnapshotCache(compute, {
      ttlMs: 60_000,
      minIntervalMs: 1_000,
      now: () => clock,
    });
    await cache.read();
    cache.invalidate({ readersWait: true });
    clock += 1_000;
    expect(await cache.read()).toBe(2);
  });

  it('waits out the minimum interval rather than answer a snapshot from before the change', async () => {
    let clock = 0;
    const slept: number[] = [];
    const compute = counter();
    const cache = createSnapshotCache(compute, {
      ttlMs: 60_000,
      minIntervalMs: 1_000,
      now: () => clock,
      sleep: async (ms) => {
        slept.push(ms);
        clock += ms;
      },
    });
    await cache.read();
    clock = 300;
    cache.invalidate({ readersWait: true });
    expect(await cache.read()).toBe(2);
    expect(slept).toEqual([700]);
  });

  it('keeps answering the held snapshot after a change readers need not wait for', async () => {
    let clock = 0;
    const compute = counter();
    const cache = createSnapshotCache(compute, {
      ttlMs: 60_000,
      minIntervalMs: 1_000,
      now: () => clock,
    });
    await cache.read();
    cache.invalidate();
    clock = 500;
    expect(await cache.read()).toBe(1);
    expect(compute).toHaveBeenCalledTimes(1);
    clock = 1_000;
    expect(await cache.read()).toBe(1);
    await vi.waitFor(() => expect(compute).toHaveBeenCalledTimes(2));
    expect(await cache.read()).toBe(2);
  });

  it('never computes while nobody reads, however many changes arrive', async () => {
    const compute = counter();
    const cache = createSnapshotCache(compute, { ttlMs: 1_000, minIntervalMs: 1_000 });
    await cache.read();
    for (let change = 0; change < 50; change += 1) cache.invalidate({ readersWait: true });
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('shares one computation between concurrent readers', async () => {
    const compute = counter();
    const cache = createSnapshotCache(compute, { ttlMs: 1_000 });
    expect(await Promise.all([cache.read(), cache.read(), cache.read()])).toEqual([1, 1, 1]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('keeps serving the last snapshot when a background refresh fails', async () => {
    let clock = 0;
    let fail = false;
    const onError = vi.fn();
    const cache = createSnapshotCache(
      async () => {
        if (fail) throw new Error('database down');
        return 'figures';
      },
      { ttlMs: 10, now: () => clock, onError },
    );
    await cache.read();
    fail = true;
    clock = 10;
    expect(await cache.read()).toBe('figures');
    await vi.waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(await cache.read()).toBe('figures');
  });

  it('computes on every read with a ttl of 0', async () => {
    const compute = counter();
    const cache = createSnapshotCache(compute, { ttlMs: 0 });
    expect(await cache.read()).toBe(1);
    expect(await cache.read()).toBe(2);
  });
});
