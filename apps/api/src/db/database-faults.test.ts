import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../test/builders';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { createThrowawayServerDatabase } from '../../test/test-database';
import { databaseRetryAfterSeconds } from '../http/error-handler';

import { openDatabase, type Database } from './client';

const serverUrl = process.env.DATABASE_URL;

/** Polls `probe` until it answers `status` (the pool reconnects on its own), at most 40 times. */
async function until(probe: () => Promise<request.Response>, status: number) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    if ((await probe()).status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never answered ${status}`);
}

// The embedded database has no connection to cut: these faults exist with a server only.
describe.skipIf(!serverUrl)('a PostgreSQL server that drops or goes silent', () => {
  let proxy: TcpProxy;
  let t: TestContext;
  let token: string;
  let database: Database;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const throwaway = await createThrowawayServerDatabase(serverUrl!);
    dropDatabase = throwaway.drop;
    const target = new URL(throwaway.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const throughProxy = new URL(throwaway.url);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    database = await openDatabase({
      databaseUrl: throughProxy.toString(),
      // Short limits keep the test quick; the production ones are a few seconds.
      poolLimits: { connectionTimeoutMillis: 300, query_timeout: 600 },
    });
    t = await createTestContext({ services: { database } });
    token = await t.signIn('superadmin');
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await dropDatabase();
  });

  const listClients = () => request(t.app).get('/api/clients').set(bearer(token));
  const ready = () => request(t.app).get('/ready');
  const systemHealth = () => request(t.app).get('/api/system/health').set(bearer(token));

  it('answers 503 with Retry-After while connections are cut, then recovers by itself', async () => {
    const first = await listClients();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    proxy.setMode('cut');

    const refused = await listClients();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(databaseRetryAfterSeconds));
    expect(refused.body).toEqual({
      success: false,
      error: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable',
      retryAfter: databaseRetryAfterSeconds,
    });
    expect((await ready()).status).toBe(503);
    // Liveness stays apart from readiness: the process lives while its database is away.
    expect((await request(t.app).get('/health')).status).toBe(200);
    // The system panel still answers, and says what is wrong.
    const lost = await systemHealth();
    expect(lost.status).toBe(200);
    expect(lost.body.data.components.database.status).toBe('disconnected');
    expect(lost.body.data.issues[0]).toMatchObject({ key: 'database', severity: 'critical' });

    proxy.setMode('pass');
    await until(ready, 200);
    expect((await listClients()).status).toBe(200);
    expect((await systemHealth()).body.data.components.database.status).toBe('connected');
  });

  it('answers 503 and fails readiness within 2 s while the server is silent', async () => {
    expect((await ready()).status).toBe(200);
    proxy.setMode('silent');

    const started = Date.now();
    const probe = await ready();
    expect(probe.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await listClients()).status).toBe(503);

    proxy.setMode('pass');
    await until(listClients, 200);
  });

  it('stays up when a connection drops while a transaction holds it between statements', async () => {
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      proxy.setMode('cut');
      // The drop reaches the checked-out client while it runs no statement.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();

    proxy.setMode('pass');
    await until(ready, 200);
    expect((await listClients()).status).toBe(200);
  });
});
