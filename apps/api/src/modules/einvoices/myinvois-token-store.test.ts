import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMyInvoisStandin, type MyInvoisStandin } from '../../../test/myinvois-standin';
import { redisAnswers, testRedisUrl } from '../../../test/redis';
import type { RedisClient } from '../../redis/redis-client';
import { createMyInvoisClient } from './myinvois-client';
import { createRedisTokenStore, type MyInvoisTokenStore } from './myinvois-token-store';

const available = await redisAnswers();

let standin: MyInvoisStandin;
let redis: RedisClient | undefined;
beforeAll(async () => {
  standin = await startMyInvoisStandin();
  if (available) {
    redis = createClient({ url: testRedisUrl });
    await redis.connect();
  }
});
afterAll(async () => {
  await redis?.close();
  await standin.close();
});
beforeEach(() => standin.reset());

/** One API process's client, its token kept in `store`. */
function processClient(clock: { now: number }, store: MyInvoisTokenStore) {
  return createMyInvoisClient({
    config: { identityUrl: standin.url, apiUrl: standin.url, clientId: 'c', clientSecret: 's' },
    now: () => clock.now,
    sleep: async () => undefined,
    random: () => 0,
    tokenStore: store,
  });
}

const validate = (client: ReturnType<typeof processClient>) =>
  client.validateTaxpayerTin('C1234567890', 'BRN', '202001234567');

describe.skipIf(!available)('MyInvois token shared through Redis (REDIS_URL)', () => {
  // Waits for another process's login in 5 ms steps (200 ms in service).
  const storeOf = (prefix: string) =>
    createRedisTokenStore(redis!, 'client-id', {
      prefix,
      wait: () => new Promise((resolve) => setTimeout(resolve, 5)),
    });

  it('logs in once an hour across processes, even when they ask at once', async () => {
    const prefix = `patrol:test:${randomUUID()}:`;
    const clock = { now: Date.now() };
    const workers = [1, 2, 3].map(() => processClient(clock, storeOf(prefix)));
    await Promise.all(workers.map(validate));
    await Promise.all(workers.map(validate));
    expect((await standin.state()).logins).toBe(1);
    clock.now += 56 * 60_000;
    await Promise.all(workers.map(validate));
    expect((await standin.state()).logins).toBe(2);
  });

  it('after a 401 one process logs in again and the others use its new token', async () => {
    const prefix = `patrol:test:${randomUUID()}:`;
    const clock = { now: Date.now() };
    const [first, second] = [1, 2].map(() => processClient(clock, storeOf(prefix)));
    await validate(first!);
    await standin.script({ revokeTokens: true });
    await validate(first!);
    await validate(second!);
    expect((await standin.state()).logins).toBe(2);
    expect(first!.logins() + second!.logins()).toBe(2);
  });

  it('keeps the client ID and secret out of the key and the value', async () => {
    const prefix = `patrol:test:${randomUUID()}:`;
    await validate(processClient({ now: Date.now() }, storeOf(prefix)));
    const keys = await redis!.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('client-id');
    expect(await redis!.get(keys[0]!)).not.toMatch(/client-id|"s"/);
  });
});
