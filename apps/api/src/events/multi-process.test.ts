import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createClient } from 'redis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licences } from '../db/schema';
import type { PublishedEvent } from './event-bus';
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
 * changes, the other must not serve from a stale copy (the caches live 2 s for accounts and 15 s
 * for device sessions; the relayed events end them at once).
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
      first.ctx.events.publish('accountChanged', { userId: randomUUID() });
      expect(await within(1_000, async () => heard.length > 0)).toBe(true);
      expect(heard[0]).toMatchObject({ event: 'accountChanged', remote: true });
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
