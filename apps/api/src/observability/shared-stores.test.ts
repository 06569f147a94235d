import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAnswers, testRedisUrl } from '../../test/redis';
import type { RedisClient } from '../redis/redis-client';
import {
  createLocalDeviceSightings,
  createRedisDeviceSightings,
  sightingsRetentionMs,
  type DeviceSightings,
} from './device-sightings';
import {
  createLocalWorkerRegistry,
  createRedisWorkerRegistry,
  type WorkerRegistry,
} from './worker-registry';

const minute = 60_000;
const available = await redisAnswers();

/** The same behaviour in process and in Redis; each Redis case uses keys of its own. */
describe.each([
  ['in process', false],
  ['in Redis', true],
])('%s', (_name, useRedis) => {
  let client: RedisClient | undefined;
  let time = 1_700_000_000_000;
  const now = () => time;
  beforeAll(async () => {
    if (useRedis && available) {
      client = createClient({ url: testRedisUrl });
      await client.connect();
    }
  });
  afterAll(() => client?.close());
  const skip = useRedis && !available;

  const sightings = (): DeviceSightings =>
    client
      ? createRedisDeviceSightings(client, { key: `patrol:test:seen:${randomUUID()}`, now })
      : createLocalDeviceSightings(now);
  const registry = (): WorkerRegistry =>
    client
      ? createRedisWorkerRegistry(client, { keyPrefix: `patrol:test:${randomUUID()}:`, now })
      : createLocalWorkerRegistry({ now });

  it.skipIf(skip)('counts each device once, within the window asked', async () => {
    const seen = sightings();
    const at = (offsetMs: number) => new Date(time + offsetMs);
    await seen.record([
      { licenceId: 'a', at: at(-4 * minute) },
      { licenceId: 'b', at: at(-2 * minute) },
    ]);
    await seen.record([
      { licenceId: 'a', at: at(0) },
      { licenceId: 'c', at: at(-30_000) },
    ]);
    expect(await seen.countSeenWithin(5 * minute)).toBe(3);
    expect(await seen.countSeenWithin(minute)).toBe(2);
    time += sightingsRetentionMs - 1_000;
    expect(await seen.countSeenWithin(5 * minute)).toBe(1);
    time += 2_000;
    expect(await seen.countSeenWithin(5 * minute)).toBe(0);
  });

  it.skipIf(skip)(
    'lists the workers that reported lately, and forgets the silent and the removed',
    async () => {
      const workers = registry();
      await workers.publish('one', { id: 'one', figure: 1 });
      await workers.publish('two', { id: 'two', figure: 2 });
      await workers.publish('one', { id: 'one', figure: 3 });
      expect(await workers.list()).toEqual(
        expect.arrayContaining([
          { id: 'one', figure: 3 },
          { id: 'two', figure: 2 },
        ]),
      );
      expect(await workers.list()).toHaveLength(2);

      await workers.remove('two');
      expect(await workers.list()).toEqual([{ id: 'one', figure: 3 }]);

      time += 16_000;
      await workers.publish('three', { id: 'three', figure: 4 });
      // 'one' has been silent past the time-to-live (its Redis key may linger a moment; the index decides).
      expect(await workers.list()).toEqual([{ id: 'three', figure: 4 }]);
    },
  );
});
