import { randomBytes, randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import request from 'supertest';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createTestContext,
  listenOnFreePort,
  nextEvent,
  type TestContext,
} from '../../../test/builders';
import { redisAnswers, testRedisUrl } from '../../../test/redis';
import { createThrowawayServerDatabase } from '../../../test/test-database';
import { openDatabase } from '../../db/client';
import { createRealtimeServer, type RealtimeServer } from '../../realtime/realtime-server';
import { startSystemMonitoring, type SystemMonitor } from './system.service';

const serverUrl = process.env.DATABASE_URL;
const available = Boolean(serverUrl) && (await redisAnswers());

interface ApiProcess {
  t: TestContext;
  id: string;
  server: HttpServer;
  url: string;
  realtime: RealtimeServer;
  monitor: SystemMonitor;
}

/**
 * Two API processes sharing one PostgreSQL database and one Redis, played by two app contexts in
 * this test process, each with a pool, a Redis connection and a worker name of its own.
 */
describe.skipIf(!available)('the cluster of API processes sharing PostgreSQL and Redis', () => {
  const processes: ApiProcess[] = [];
  const sockets: ClientSocket[] = [];
  let dropDatabase: () => Promise<void>;
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    const throwaway = await createThrowawayServerDatabase(serverUrl!);
    dropDatabase = throwaway.drop;
    // One signing key, as every process of a deployment has.
    const jwtSecret = randomBytes(32).toString('hex');
    for (const name of ['a', 'b']) {
      const id = `test-${run}-${name}`;
      const database = await openDatabase({ databaseUrl: throwaway.url });
      const t = await createTestContext({
        env: { REDIS_URL: testRedisUrl, JWT_SECRET: jwtSecret },
        services: { database, workerId: id },
      });
      const { server, url } = await listenOnFreePort(t.app);
      const realtime = await createRealtimeServer(server, t.ctx);
      const monitor = startSystemMonitoring(t.ctx, { intervalMs: 60 * 60 * 1000 });
      await monitor.tick();
      processes.push({ t, id, server, url, realtime, monitor });
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const { monitor, realtime, t } of processes) {
      await monitor.close();
      await realtime.close();
      await t.close();
    }
    await dropDatabase?.();
  });

  const cluster = async (apiProcess: ApiProcess, token: string) => {
    const response = await request(apiProcess.t.app)
      .get('/api/system/cluster')
      .set(bearer(token))
      .expect(200);
    return response.body.data as {
      cluster: { mode: string; registry: string };
      totalWorkers: number;
      workers: { id: string; current: boolean; memory: { rss: number } }[];
      database: { connected: boolean; connections: { current: number } };
    };
  };

  it('lists both processes from either of them, each marking itself as current', async () => {
    const [a, b] = processes as [ApiProcess, ApiProcess];
    const token = await a.t.signIn('Admin');

    for (const [answering, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const data = await cluster(answering, token);
      expect(data.cluster).toEqual({ mode: 'cluster', registry: 'redis' });
      const ours = data.workers.filter((worker) => worker.id.startsWith(`test-${run}-`));
      expect(ours.map((worker) => [worker.id, worker.current]).sort()).toEqual(
        [
          [answering.id, true],
          [other.id, false],
        ].sort(),
      );
      expect(data.totalWorkers).toBeGreaterThanOrEqual(2);
      for (const worker of ours) expect(worker.memory.rss).toBeGreaterThan(0);
      // Both pools are connected to the one database.
      expect(data.database.connected).toBe(true);
      expect(data.database.connections.current).toBeGreaterThanOrEqual(2);
    }
  });

  it('counts a user connected to one process in the active users of the other', async () => {
    const [a, b] = processes as [ApiProcess, ApiProcess];
    const admin = await a.t.createUserWithToken({ role: 'Admin' });
    sockets.push(await connectSocket(b.url, { token: admin.token }));
    await b.monitor.tick();

    const response = await request(a.t.app)
      .get('/api/system/metrics')
      .set(bearer(admin.token))
      .expect(200);
    expect(response.body.data.worker.id).toBe(a.id);
    expect(response.body.data.activeConnections).toBe(0);
    expect(response.body.data.activeUsers).toMatchObject({
      total: expect.any(Number),
      dashboard: { total: expect.any(Number), admin: expect.any(Number) },
    });
    expect(response.body.data.activeUsers.dashboard.admin).toBeGreaterThanOrEqual(1);
  });

  it("sends each process's systemMetrics to its own consoles only", async () => {
    const [a, b] = processes as [ApiProcess, ApiProcess];
    const admin = await a.t.createUserWithToken({ role: 'Admin' });
    const onB = await connectSocket(b.url, { token: admin.token });
    sockets.push(onB);

    const fromA = nextEvent(onB, 'systemMetrics', 700);
    await a.monitor.tick();
    expect(await fromA).toBeUndefined();

    const fromB = nextEvent(onB, 'systemMetrics', 3_000);
    await b.monitor.tick();
    expect(await fromB).toMatchObject({ worker: { id: b.id } });
  });

  it('forgets a process that stops', async () => {
    const [a, b] = processes as [ApiProcess, ApiProcess];
    await b.monitor.close();
    const token = await a.t.signIn('Admin');
    const data = await cluster(a, token);
    const ids = data.workers.map((worker) => worker.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
  });
});
