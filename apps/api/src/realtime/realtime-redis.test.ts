import type { Server as HttpServer } from 'node:http';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus } from '../events/event-bus';
import { createRealtimeServer, type RealtimeServer } from './realtime-server';
import {
  type TestContext,
  connectSocket,
  createTestContext,
  listenOnFreePort,
  nextEvent,
  sampleClient,
} from '../../test/builders';
import { redisAnswers, testRedisUrl } from '../../test/redis';

const redisUrl = testRedisUrl;

const available = await redisAnswers();

/** Two API processes, simulated by two HTTP servers with their own realtime server and bus. */
describe.skipIf(!available)('realtime server with the Redis adapter', () => {
  let test: TestContext;
  const processes: { events: EventBus; realtime: RealtimeServer; url: string }[] = [];
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    test = await createTestContext({ env: { REDIS_URL: redisUrl } });
    for (let index = 0; index < 2; index += 1) {
      const events = createEventBus();
      const { server, url }: { server: HttpServer; url: string } = await listenOnFreePort(test.app);
      processes.push({
        events,
        realtime: await createRealtimeServer(server, { ...test.ctx, events }),
        url,
      });
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const { realtime } of processes) await realtime.close();
    await test?.close();
  });

  it('delivers an event published in one process to permitted sockets of both', async () => {
    const [first, second] = processes as [(typeof processes)[0], (typeof processes)[0]];
    const permitted = await test.createUserWithToken({ role: 'sales' });
    const refused = await test.createUserWithToken({
      role: 'sales',
      customDenied: ['clients.view'],
    });
    const onFirst = await connectSocket(first.url, { token: permitted.token });
    const onSecond = await connectSocket(second.url, { token: permitted.token });
    const refusedOnSecond = await connectSocket(second.url, { token: refused.token });
    sockets.push(onFirst, onSecond, refusedOnSecond);

    const client = sampleClient({ companyId: `REDIS-${Date.now()}` });
    const receivedFirst = nextEvent(onFirst, 'clientAdded', 3_000);
    const receivedSecond = nextEvent(onSecond, 'clientAdded', 3_000);
    const leaked = nextEvent(refusedOnSecond, 'clientAdded', 1_000);
    first.events.publish('clientAdded', client);

    expect(await receivedFirst).toEqual(client);
    expect(await receivedSecond).toEqual(client);
    expect(await leaked).toBeUndefined();
  });
});
