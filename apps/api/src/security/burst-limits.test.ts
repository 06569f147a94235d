import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type TestContext,
  buildUserWithTwoFactor,
  createTestContext,
  deviceIdFor,
  freshAddress,
} from '../../test/builders';
import { createRedisRateLimitStore, type RateLimitStore } from './rate-limit-store';
import { rateLimitRules } from './rate-limits';

const project = 'Menara Site';
const unknownKey = 'MP-NONE-NONE-NONE-NONE';

// A limit slides across its windows' edge and lets a fraction more through there (rate-limiter.ts),
// so each burst runs with the clock held at the start of a window, where the counts are exact.
const quarterHour = 15 * 60 * 1000;
const holdClockAtWindowStart = () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Math.floor(Date.now() / quarterHour) * quarterHour, toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());
};

const statusCounts = (responses: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

function describeBursts(
  storeName: string,
  openStore: () => Promise<{ store?: RateLimitStore; close(): Promise<void> }>,
  skip = false,
) {
  describe.skipIf(skip)(`limits under parallel bursts (${storeName} store)`, () => {
    let t: TestContext;
    let closeStore: () => Promise<void> = async () => {};
    beforeAll(async () => {
      const opened = await openStore();
      closeStore = opened.close;
      t = await createTestContext({ services: { rateLimitStore: opened.store } });
    });
    afterAll(async () => {
      await t?.close();
      await closeStore();
    });
    holdClockAtWindowStart();

    const activate = (address: string, serial: number) =>
      request(t.app)
        .post('/api/device/activate')
        .set('X-Forwarded-For', address)
        .send({
          licenceKey: unknownKey,
          deviceId: deviceIdFor(project, `BURST${String(serial).padStart(7, '0')}`),
          projectName: project,
        });
    const login = (email: string, address: string) =>
      request(t.app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', address)
        .send({ email, password: 'Wrong-password-1' });

    it('holds 80 parallel failed activations from one address to the limit', async () => {
      const address = freshAddress();
      const responses = await Promise.all(
        Array.from({ length: 80 }, (_, serial) => activate(address, serial)),
      );
      const limit = rateLimitRules.deviceActivationFailures.limit;
      expect(statusCounts(responses)).toEqual({ 404: limit, 429: 80 - limit });
    });

    it('holds 40 parallel failed sign-ins from one address to the limit', async () => {
      const address = freshAddress();
      const responses = await Promise.all(
        Array.from({ length: 40 }, () => login(`probe-${randomUUID()}@example.test`, address)),
      );
      const limit = rateLimitRules.signInAddress.limit;
      expect(statusCounts(responses)).toEqual({ 401: limit, 429: 40 - limit });
    });

    it('holds 40 parallel failed sign-ins at one account from many addresses to its limit', async () => {
      const { user } = await buildUserWithTwoFactor(t);
      const responses = await Promise.all(
        Array.from({ length: 40 }, () => login(user.email, freshAddress())),
      );
      const limit = rateLimitRules.signInAccount.limit;
      expect(statusCounts(responses)).toEqual({ 401: limit, 429: 40 - limit });
    });
  });
}

describeBursts('memory', async () => ({ close: async () => {} }));

const redisUrl = process.env.REDIS_URL ?? '';
describeBursts(
  'Redis',
  async () => {
    const client = createClient({ url: redisUrl });
    await client.connect();
    // Keys of their own, so earlier runs' counts (kept for their window) never weigh here.
    const store = createRedisRateLimitStore(client, { keyPrefix: `test:${randomUUID()}:` });
    return { store, close: () => client.close() };
  },
  !redisUrl,
);

describe('the global ceiling on failed activations', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());
  holdClockAtWindowStart();

  it('slows a key-guessing burst from many addresses, whatever each address has left', async () => {
    const ceiling = rateLimitRules.deviceActivationFailuresAll.limit;
    const guess = (serial: number) =>
      request(t.app)
        .post('/api/device/activate')
        .set('X-Forwarded-For', freshAddress())
        .send({
          licenceKey: unknownKey,
          deviceId: deviceIdFor(project, `GUESS${String(serial).padStart(7, '0')}`),
          projectName: project,
        });
    const responses = [];
    // In rounds of 50, so the burst does not queue more requests than the test database serves.
    for (let round = 0; round * 50 < ceiling + 20; round += 1) {
      responses.push(
        ...(await Promise.all(Array.from({ length: 50 }, (_, i) => guess(round * 50 + i)))),
      );
    }
    expect(statusCounts(responses)).toEqual({ 404: ceiling, 429: responses.length - ceiling });
  });
});
