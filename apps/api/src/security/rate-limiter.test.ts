import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from './rate-limit-store';
import { createRateLimiter } from './rate-limiter';

const rule = { name: 'test', limit: 3, windowMs: 60_000 };

function describeLimiter(
  storeName: string,
  openStore: () => RateLimitStore | Promise<RateLimitStore>,
  skip = false,
) {
  describe.skipIf(skip)(`rate limiter on the ${storeName} store`, () => {
    let store: RateLimitStore;
    beforeAll(async () => {
      store = await openStore();
    });
    afterAll(() => store.close());

    it('blocks a key once it reaches the limit, leaving other keys alone', async () => {
      const limiter = createRateLimiter(store, rule);
      const key = randomUUID();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect(await limiter.isBlocked(key)).toBe(false);
        await limiter.record(key);
      }
      expect(await limiter.isBlocked(key)).toBe(true);
      expect(await limiter.isBlocked(randomUUID())).toBe(false);
    });

    it('lets a reset key start again', async () => {
      const limiter = createRateLimiter(store, rule);
      const key = randomUUID();
      for (let attempt = 0; attempt < 3; attempt += 1) await limiter.record(key);
      await limiter.reset(key);
      expect(await limiter.isBlocked(key)).toBe(false);
    });

    it('consumes an allowance and refuses past it', async () => {
      const limiter = createRateLimiter(store, rule);
      const key = randomUUID();
      const answers = [];
      for (let attempt = 0; attempt < 4; attempt += 1) answers.push(await limiter.consume(key));
      expect(answers).toEqual([true, true, true, false]);
    });

    it('keeps rules with the same key apart', async () => {
      const key = randomUUID();
      const first = createRateLimiter(store, rule);
      for (let attempt = 0; attempt < 3; attempt += 1) await first.record(key);
      expect(await createRateLimiter(store, { ...rule, name: 'other' }).isBlocked(key)).toBe(false);
    });
  });
}

describeLimiter('memory', () => createMemoryRateLimitStore());

// Redis runs in CI and docker-compose; the suite names the skip instead of passing silently.
// Without REDIS_URL the Redis suite shows as skipped; CI's PostgreSQL pass sets it.
const redisUrl = process.env.REDIS_URL ?? '';
describeLimiter('Redis', openRedisStore, !redisUrl);

/** A store on its own connection, which its close() ends (in the API the root owns the client). */
async function openRedisStore(): Promise<RateLimitStore> {
  const client = createClient({ url: redisUrl });
  await client.connect();
  const store = createRedisRateLimitStore(client, { keyPrefix: `test:${randomUUID()}:` });
  return { ...store, close: () => client.close() };
}

describe('memory store windows', () => {
  it('forgets a count once its window has passed', async () => {
    let clock = 0;
    const store = createMemoryRateLimitStore(() => clock);
    await store.increment('key', 1_000);
    await store.increment('key', 1_000);
    expect(await store.count('key')).toBe(2);
    clock = 999;
    expect(await store.count('key')).toBe(2);
    clock = 1_000;
    expect(await store.count('key')).toBe(0);
    expect(await store.increment('key', 1_000)).toBe(1);
  });

  it('sweeps expired windows without walking every open one at each count', async () => {
    let clock = 0;
    let readings = 0;
    const store = createMemoryRateLimitStore(() => {
      readings += 1;
      return clock;
    });
    for (let key = 0; key < 20_000; key += 1) await store.increment(`device-${key}`, 60_000);
    readings = 0;
    for (let call = 0; call < 1_000; call += 1) await store.increment(`device-${call}`, 60_000);
    // A few clock readings per count, not one per open window.
    expect(readings).toBeLessThan(5_000);

    clock = 60_000;
    for (let key = 0; key < 20_000; key += 1) await store.increment(`late-${key}`, 60_000);
    expect(await store.count('device-1')).toBe(0);
  });
});
