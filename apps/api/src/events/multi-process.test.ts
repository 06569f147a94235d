import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createClient } from 'redis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licences } from '../db/schema';
import { hashOpaqueToken } from '../security/opaque-token';
import type { PublishedEvent } from './event-bus';
import { relayConnectionName } from './event-relay';
import {
  activateTestDevice,
  bearer,
  createTestContext,
  freshAddress,
  type TestContext,
} from '../../test/builders';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const client = createClient({
    url: redisUrl,
    socket: { connectTimeout: 1_000, reconnectStrategy: false },
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.close();
    return true;
  } catch {
    client.destroy();
    return false;
  }
}

/** Has Redis close the connection CLIENT LIST names `name` (as a network fault would). */
async function killRedisConnection(name: string): Promise<void> {
  const admin = createClient({ url: redisUrl });
  await admin.connect();
  try {
    const list = await admin.sendCommand<string>(['CLIENT', 'LIST']);
    const line = list.split('\n').find((entry) => entry.includes(` name=${name} `));
    const id = /^id=(\d+)/.exec(line ?? '')?.[1];
    if (!id) throw new Error(`no Redis connection named ${name}`);
    await admin.sendCommand(['CLIENT', 'KILL', 'ID', id]);
  } finally {
    await admin.close();
  }
}

/** Polls `probe` every 20 ms for at most `ms`; answers whether it came true in time. */
async function within(ms: number, probe: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/**
 * Two API processes on one database and one Redis, as WORKERS=2 runs them: what one process
 * changes, the other must not serve from a stale copy (the caches live 2 s for accounts and
 * 5 minutes for device sessions; the relayed events end them at once).
 */
describe.skipIf(!(await redisAnswers()))('two API processes sharing PostgreSQL and Redis', () => {
  let first: TestContext;
  let second: TestContext;
  let admin: string;

  beforeAll(async () => {
    // One deployment: the same signing key, database and Redis.
    const env = { REDIS_URL: redisUrl, JWT_SECRET: randomUUID() + randomUUID() };
    first = await createTestContext({
      env,
      services: { workerId: 'worker-a' },
    });
    second = await createTestContext({
      env,
      // The same database; only the first process closes it.
      services: {
        database: { ...first.database, close: async () => {} },
        workerId: 'worker-b',
      },
    });
    admin = await first.signIn('Admin');
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('hands the other process the events of this one, marked remote', async () => {
    const heard: PublishedEvent[] = [];
    const stop = second.ctx.events.subscribe((published) => heard.push(published));
    try {
      const userId = randomUUID();
      // Other test files may share the Redis channel: look for this event only.
      const relayed = () =>
        heard.find(
          (published) =>
            published.event === 'accountChanged' && published.payload.userId === userId,
        );
      first.ctx.events.publish('accountChanged', { userId });
      expect(await within(1_000, async () => relayed() !== undefined)).toBe(true);
      expect(relayed()).toMatchObject({ remote: true });
    } finally {
      stop();
    }
  });

  it('refuses a suspended account on the other process at once, not when its copy expires', async () => {
    const { user, token } = await first.createUserWithToken({ role: 'sales' });
    // The second process now holds the account (for up to 2 s).
    await request(second.app).get('/api/auth/validate').set(bearer(token)).expect(200);
    const superadmin = await first.signIn('superadmin');
    await request(first.app)
      .put(`/api/users/${user.id}`)
      .set(bearer(superadmin))
      .send({
        username: user.username,
        email: user.email,
        fullName: user.fullName,
        role: 'sales',
        status: 'suspended',
      })
      .expect(200);
    const refused = await within(800, async () => {
      const response = await request(second.app).get('/api/auth/validate').set(bearer(token));
      return response.status === 401;
    });
    expect(refused).toBe(true);
  });

  it('stops a device token on the other process once its licence is unbound', async () => {
    const device = await activateTestDevice(first);
    await request(second.app)
      .post('/api/device/heartbeat')
      .set(bearer(device.token))
      .send({})
      .expect(200);
    const [licence] = await first.database.db
      .select()
      .from(licences)
      .where(eq(licences.deviceId, device.deviceId));
    await request(first.app)
      .post('/api/licences/unbind')
      .set(bearer(admin))
      .send({ licenceKey: licence!.key, companyId: device.client.companyId })
      .expect(200);
    const refused = await within(1_000, async () => {
      const response = await request(second.app)
        .post('/api/device/heartbeat')
        .set(bearer(device.token))
        .send({});
      return response.status === 401;
    });
    expect(refused).toBe(true);
  });

  it('counts sign-in attempts of one account and address across both processes', async () => {
    const email = `nobody-${randomUUID().slice(0, 8)}@example.test`;
    const address = freshAddress();
    const attempt = (t: TestContext) =>
      request(t.app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', address)
        .send({ email, password: 'Wrong-password-1' });
    for (const t of [first, second, first, second, first]) await attempt(t).expect(401);
    await attempt(second).expect(429);
  });

  it('holds device sessions for minutes while relayed, and drops them when the relay drops', async () => {
    const device = await activateTestDevice(first);
    const tokenHash = hashOpaqueToken(device.token);
    const beat = () =>
      request(second.app).post('/api/device/heartbeat').set(bearer(device.token)).send({});
    await beat().expect(200);
    expect(second.ctx.deviceSessions.getRemainingTTL(tokenHash)).toBeGreaterThan(60_000);

    // Redis ends the second process's subscription: the events meanwhile are lost to it.
    await killRedisConnection(relayConnectionName('worker-b'));
    expect(await within(2_000, async () => !second.ctx.deviceSessions.has(tokenHash))).toBe(true);

    // Back on the relay (it hears the first process again), sessions are held for minutes again.
    const userId = randomUUID();
    let heard = false;
    const stop = second.ctx.events.subscribe((published) => {
      if (published.event === 'accountChanged' && published.payload.userId === userId) heard = true;
    });
    try {
      const relayedAgain = await within(5_000, async () => {
        first.ctx.events.publish('accountChanged', { userId });
        return heard;
      });
      expect(relayedAgain).toBe(true);
    } finally {
      stop();
    }
    await beat().expect(200);
    expect(second.ctx.deviceSessions.getRemainingTTL(tokenHash)).toBeGreaterThan(60_000);
  });

  it("writes each process's buffered heartbeats", async () => {
    const onFirst = await activateTestDevice(first);
    const onSecond = await activateTestDevice(first);
    await request(first.app)
      .post('/api/device/heartbeat')
      .set(bearer(onFirst.token))
      .send({})
      .expect(200);
    await request(second.app)
      .post('/api/device/heartbeat')
      .set(bearer(onSecond.token))
      .send({})
      .expect(200);
    await first.ctx.heartbeats.flush();
    await second.ctx.heartbeats.flush();
    for (const device of [onFirst, onSecond]) {
      const [row] = await first.database.db
        .select()
        .from(licences)
        .where(eq(licences.deviceId, device.deviceId));
      expect(Date.now() - row!.lastDeviceActivity!.getTime()).toBeLessThan(10_000);
    }
  });
});
