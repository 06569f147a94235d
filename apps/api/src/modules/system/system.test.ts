import {
  clusterInfoResponseSchema,
  systemHealthResponseSchema,
  systemMetricsResponseSchema,
  systemReportSchema,
} from '@patrol/contracts';
import { healthScore } from '@patrol/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/builders';
import { createCounterRates } from '../../observability/counter-rates';

const systemPaths = [
  '/api/system/health',
  '/api/system/metrics',
  '/api/system/cluster',
  '/api/system/export-report',
];

describe('system status API', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
  });
  afterAll(() => t.close());

  it.each(systemPaths)('refuses %s without a token (401)', async (path) => {
    const response = await request(t.app).get(path).expect(401);
    expect(response.body).toMatchObject({ success: false, error: 'UNAUTHENTICATED' });
  });

  it.each(systemPaths)('refuses %s to a user without system.view (403)', async (path) => {
    const sales = await t.signIn('sales');
    const response = await request(t.app).get(path).set(bearer(sales)).expect(403);
    expect(response.body).toMatchObject({ success: false, error: 'FORBIDDEN' });
  });

  it('answers health with a score, its state and the database connected', async () => {
    const response = await request(t.app).get('/api/system/health').set(bearer(admin)).expect(200);
    const { data } = systemHealthResponseSchema.parse(response.body);
    expect(data.online).toBe(true);
    expect(data.components.database.status).toBe('connected');
    expect(data.components.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(data.worker.pid).toBe(process.pid);
    expect(data.score).toBe(healthScore(data.issues));
    expect(data.recommendations.map((item) => item.key)).toEqual([
      ...new Set(data.issues.map((issue) => issue.key)),
    ]);
    // The heap is measured against V8's limit, not the heap V8 happens to have grown to.
    const { memory } = data.components.resources;
    expect(memory.heapLimit).toBeGreaterThan(memory.heapTotal);
    expect(memory.usagePercent).toBeCloseTo((memory.heapUsed / memory.heapLimit) * 100, 0);
  });

  it('answers metrics with the process, machine and request figures', async () => {
    const response = await request(t.app).get('/api/system/metrics').set(bearer(admin)).expect(200);
    const { data } = systemMetricsResponseSchema.parse(response.body);
    expect(data.memory.rss).toBeGreaterThan(data.memory.heapUsed);
    expect(data.system.cpuCount).toBeGreaterThan(0);
    expect(data.system.nodeVersion).toBe(process.version);
    expect(data.cpu.loadAverage).toHaveLength(3);
    expect(data.cpu.percentage).toBeGreaterThanOrEqual(0);
    expect(data.database).toMatchObject({ connected: true });
    expect(data.environment).toBe('test');
    expect(data.https).toBe(false);
    // No realtime server in this test: nobody is connected.
    expect(data.activeConnections).toBe(0);
    expect(data.activeUsers.total).toBe(0);
  });

  it('answers the cluster with this process alone and the embedded database panel', async () => {
    const response = await request(t.app).get('/api/system/cluster').set(bearer(admin)).expect(200);
    const { data } = clusterInfoResponseSchema.parse(response.body);
    expect(data.cluster).toEqual({ mode: 'single', registry: 'local' });
    expect(data.totalWorkers).toBe(1);
    expect(data.workers[0]).toMatchObject({ current: true, pid: process.pid });
    const { database } = data;
    if (t.database.dialect === 'pglite') {
      expect(database).toMatchObject({
        dialect: 'pglite',
        connected: true,
        isHosted: false,
        planInfo: { tier: 'embedded' },
        connections: { embedded: true, current: null, max: null, pool: null },
      });
    } else {
      expect(database.connections.embedded).toBe(false);
      expect(database.connections.current).toBeGreaterThan(0);
      expect(database.connections.max).toBeGreaterThan(0);
      expect(database.connections.pool).toMatchObject({ total: expect.any(Number) });
    }
    expect(database.storage.used).toBeGreaterThan(0);
    expect(database.storage.budget).toBe(512 * 1024 * 1024);
    expect(database.version).toMatch(/^\d+/);
  });

  it('gives transaction and row rates once two samples are far enough apart', async () => {
    let time = 1_700_000_000_000;
    t.ctx.observability.databaseRates = createCounterRates({ now: () => time });
    const first = await request(t.app).get('/api/system/cluster').set(bearer(admin)).expect(200);
    expect(first.body.data.database.operations).toEqual({
      transactionsPerSecond: null,
      rowsReadPerSecond: null,
      sampleSeconds: null,
    });
    time += 5_000;
    const second = await request(t.app).get('/api/system/cluster').set(bearer(admin)).expect(200);
    const { operations } = second.body.data.database;
    expect(operations.sampleSeconds).toBe(5);
    expect(operations.transactionsPerSecond).toBeGreaterThanOrEqual(0);
    expect(operations.rowsReadPerSecond).toBeGreaterThanOrEqual(0);
  });

  it('exports health, metrics and cluster as system-report-{date}.json', async () => {
    const response = await request(t.app)
      .get('/api/system/export-report')
      .set(bearer(admin))
      .expect(200)
      .expect('Content-Type', /application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="system-report-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const report = systemReportSchema.parse(response.body);
    expect(report.health.worker).toEqual(report.metrics.worker);
    expect(report.cluster.workers[0]!.id).toBe(report.metrics.worker.id);
  });
});

describe('system status against a small database budget', () => {
  let t: TestContext;
  beforeAll(async () => {
    // A migrated database is several megabytes: a 1 MB budget is well past 75 percent.
    t = await createTestContext({ env: { DATABASE_SIZE_BUDGET_MB: '1' } });
  });
  afterAll(() => t.close());

  it('raises the 75 percent notice and a database storage issue', async () => {
    const admin = await t.signIn('superadmin');
    const cluster = await request(t.app).get('/api/system/cluster').set(bearer(admin)).expect(200);
    const { database, recommendations } = cluster.body.data;
    expect(database.storage.budget).toBe(1024 * 1024);
    expect(database.storage.usagePercent).toBeGreaterThan(100);
    expect(database.storage.status).toBe('critical');
    expect(database.overall.status).toBe('critical');
    expect(database.notice).toMatch(/^Database usage is above 75%: storage .* of the 1 MB budget/);
    expect(recommendations).toContainEqual(
      expect.objectContaining({ type: 'database', worker: null }),
    );

    const health = await request(t.app).get('/api/system/health').set(bearer(admin)).expect(200);
    expect(health.body.data.issues).toContainEqual(
      expect.objectContaining({ key: 'databaseStorage', severity: 'high' }),
    );
    expect(health.body.data.status).not.toBe('healthy');
  });
});

describe('system status without a database', () => {
  it('still answers, with the database lost as a critical issue', async () => {
    const t = await createTestContext();
    try {
      const admin = await t.signIn('Admin');
      // The token is checked against the database only once a while; close it after signing in.
      await request(t.app).get('/api/system/health').set(bearer(admin)).expect(200);
      await t.database.close();

      const health = await request(t.app).get('/api/system/health').set(bearer(admin)).expect(200);
      expect(health.body.data.components.database).toEqual({
        status: 'disconnected',
        latencyMs: null,
      });
      expect(health.body.data.issues[0]).toEqual({
        key: 'database',
        severity: 'critical',
        message: 'Database connection lost',
      });
      expect(health.body.data.status).toBe('critical');
      expect(health.body.data.score).toBeLessThanOrEqual(70);

      const cluster = await request(t.app)
        .get('/api/system/cluster')
        .set(bearer(admin))
        .expect(200);
      expect(cluster.body.data.database).toMatchObject({
        connected: false,
        version: null,
        storage: { used: null, usagePercent: null },
      });
      expect(cluster.body.data.health.healthy).toBe(false);
    } finally {
      await t.close();
    }
  });
});
