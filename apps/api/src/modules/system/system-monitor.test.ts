import type { Server as HttpServer } from 'node:http';
import type { SystemAlert, SystemMetrics } from '@patrol/contracts';
import request from 'supertest';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  connectSocket,
  createTestContext,
  listenOnFreePort,
  nextEvent,
  type TestContext,
} from '../../../test/builders';
import { createTestDatabase } from '../../../test/test-database';
import { createRealtimeServer, type RealtimeServer } from '../../realtime/realtime-server';
import { startSystemMonitoring, type SystemMonitor } from './system.service';

const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** A console socket that says it runs in a phone's browser. */
function connectFromPhone(url: string, token: string): Promise<ClientSocket> {
  const socket = connectClient(url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { 'User-Agent': phone },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('system monitor', () => {
  let t: TestContext;
  let server: HttpServer;
  let realtime: RealtimeServer;
  let monitor: SystemMonitor;
  let url: string;
  /** While true the database "does not answer" its ping, as a cut connection would. */
  let cut = false;
  let adminToken: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    t = await createTestContext({
      services: {
        database: {
          ...database,
          ping: () => (cut ? Promise.reject(new Error('connection cut')) : database.ping()),
        },
      },
    });
    ({ server, url } = await listenOnFreePort(t.app));
    realtime = await createRealtimeServer(server, t.ctx);
    // The timer never fires within the test: ticks are driven by hand.
    monitor = startSystemMonitoring(t.ctx, { intervalMs: 60 * 60 * 1000 });
    await monitor.tick();
    adminToken = await t.signIn('Admin');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await monitor.close();
    await realtime.close();
    await t.close();
  });

  const alertsFrom = (source: string) =>
    t.published.flatMap((published) =>
      published.event === 'systemAlert' && published.payload.source === source
        ? [published.payload]
        : [],
    );

  it('sends systemMetrics to consoles holding system.view, with who is connected where', async () => {
    const desktop = await connectSocket(url, { token: adminToken });
    const mobile = await connectFromPhone(url, adminToken);
    const sales = await connectSocket(url, { token: await t.signIn('sales') });
    sockets.push(desktop, mobile, sales);

    const received = nextEvent(desktop, 'systemMetrics', 3_000);
    const leaked = nextEvent(sales, 'systemMetrics', 500);
    await monitor.tick();
    const metrics = (await received) as SystemMetrics;
    expect(metrics.activeConnections).toBe(3);
    expect(metrics.activeUsers).toEqual({
      total: 2,
      admin: 1,
      mobile: { total: 1, admin: 1 },
      dashboard: { total: 2, admin: 1 },
    });
    expect(metrics.worker.id).toBe(t.ctx.observability.worker.id);
    expect(await leaked).toBeUndefined();
  });

  it('raises systemAlert once when the database is lost, and once when it returns', async () => {
    const [desktop, , sales] = sockets as [ClientSocket, ClientSocket, ClientSocket];
    const lost = nextEvent(desktop, 'systemAlert', 3_000);
    const leaked = nextEvent(sales, 'systemAlert', 500);
    cut = true;
    await monitor.tick();
    expect(await lost).toMatchObject({
      source: 'database',
      state: 'raised',
      severity: 'critical',
      message: 'Database connection lost',
      worker: t.ctx.observability.worker.id,
    });
    expect(await leaked).toBeUndefined();

    // Still lost: a steady state is not announced again.
    await monitor.tick();
    await monitor.tick();
    expect(alertsFrom('database').map((alert) => alert.state)).toEqual(['raised']);

    cut = false;
    await monitor.tick();
    expect(alertsFrom('database').map((alert) => alert.state)).toEqual(['raised', 'resolved']);
    expect(alertsFrom('database')[1]?.message).toBe('Database connection restored');
  });

  it('lists the latest alerts, newest first, in the health answer', async () => {
    const response = await request(t.app).get('/api/system/health').set(bearer(adminToken));
    const recent = (response.body.data.recentAlerts as SystemAlert[]).filter(
      (alert) => alert.source === 'database',
    );
    expect(recent.map((alert) => alert.state)).toEqual(['resolved', 'raised']);
    expect(response.body.data.recentAlerts.length).toBeLessThanOrEqual(5);
  });
});
