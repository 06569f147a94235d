import type {
  ClusterInfo,
  ClusterWorker,
  DatabaseUsage,
  SystemAlert,
  SystemHealth,
  SystemMetrics,
} from '@patrol/contracts';
import { stubApi, type FakeCall } from '@/test/fake-api';
import { jsonResponse } from '@/test/test-utils';

/** Answers of the system calls for the screen's tests, each a valid contract shape. */

export const sampleTime = '2026-03-02T06:05:00.000Z';
const megabyte = 1024 * 1024;
const worker = { id: 'api-1:4242', pid: 4242, hostname: 'api-1' };

export function systemAlert(overrides: Partial<SystemAlert> = {}): SystemAlert {
  return {
    id: 'alert-1',
    severity: 'medium',
    source: 'memory',
    message: 'High memory usage (72.0%)',
    timestamp: '2026-03-02T06:00:00.000Z',
    state: 'raised',
    worker: worker.id,
    ...overrides,
  };
}

export function systemMetrics(overrides: Partial<SystemMetrics> = {}): SystemMetrics {
  return {
    timestamp: sampleTime,
    worker,
    memory: {
      heapUsed: 64 * megabyte,
      heapTotal: 96 * megabyte,
      heapLimit: 4096 * megabyte,
      rss: 180 * megabyte,
    },
    system: {
      platform: 'linux',
      arch: 'x64',
      nodeVersion: 'v20.20.0',
      hostname: 'api-1',
      cpuCount: 4,
      totalMem: 8192 * megabyte,
      freeMem: 2048 * megabyte,
    },
    cpu: { loadAverage: [1.2, 0.9, 0.7], percentage: 12.5 },
    eventLoop: { lagMs: 0.4, p99Ms: 3.1, maxMs: 12 },
    responseTime: 42,
    responseTimes: { p50: 30, p95: 120, p99: 250 },
    errorRate: 0.5,
    requestsPerMinute: 120,
    uptime: 5 * 3600 + 12 * 60,
    activeConnections: 4,
    activeUsers: {
      total: 3,
      admin: 1,
      mobile: { total: 1, admin: 0 },
      dashboard: { total: 2, admin: 1 },
    },
    database: { connected: true, latencyMs: 1.2 },
    environment: 'production',
    version: '8.2.0',
    https: true,
    ...overrides,
  };
}

export function systemHealth(overrides: Partial<SystemHealth> = {}): SystemHealth {
  return {
    online: true,
    timestamp: sampleTime,
    worker,
    score: 46,
    status: 'critical',
    components: {
      database: { status: 'connected', latencyMs: 1.2 },
      api: { status: 'operational' },
      resources: {
        memory: {
          usagePercent: 1.6,
          heapUsed: 64 * megabyte,
          heapTotal: 96 * megabyte,
          heapLimit: 4096 * megabyte,
          rss: 180 * megabyte,
        },
        serverMemory: { usagePercent: 75 },
        cpu: { percentage: 12.5, loadAverage: [1.2, 0.9, 0.7] },
      },
    },
    issues: [
      { key: 'errorRate', severity: 'critical', message: 'High error rate (7.5%)' },
      { key: 'responseTime', severity: 'medium', message: 'Slow response time (620 ms)' },
      { key: 'cpu', severity: 'medium', message: 'High CPU load (5.20 on 4 cores)' },
      { key: 'databaseStorage', severity: 'low', message: 'Database at 80.0% of its size budget' },
    ],
    recommendations: [
      { key: 'errorRate', message: 'Read the error lines of the log.' },
      { key: 'responseTime', message: 'Compare the slowest routes in /metrics.' },
      { key: 'cpu', message: 'Run another API process.' },
      { key: 'databaseStorage', message: 'Archive old crash reports.' },
    ],
    recentAlerts: [
      systemAlert({
        id: 'a5',
        message: 'High error rate (7.5%)',
        severity: 'critical',
        source: 'errorRate',
        timestamp: '2026-03-02T06:04:00.000Z',
      }),
      systemAlert({
        id: 'a4',
        message: 'Slow response time (620 ms)',
        source: 'responseTime',
        timestamp: '2026-03-02T06:03:00.000Z',
      }),
      systemAlert({
        id: 'a3',
        message: 'CPU load back to normal',
        severity: 'low',
        source: 'cpu',
        state: 'resolved',
        timestamp: '2026-03-02T06:02:00.000Z',
      }),
      systemAlert({
        id: 'a2',
        message: 'High CPU load (5.20 on 4 cores)',
        source: 'cpu',
        timestamp: '2026-03-02T06:01:00.000Z',
      }),
      systemAlert({ id: 'a1', timestamp: '2026-03-02T06:00:00.000Z' }),
    ],
    ...overrides,
  };
}

export function postgresUsage(overrides: Partial<DatabaseUsage> = {}): DatabaseUsage {
  return {
    dialect: 'postgres',
    connected: true,
    version: '16.4',
    connections: {
      embedded: false,
      current: 12,
      max: 100,
      usagePercent: 12,
      status: 'ok',
      pool: { total: 5, idle: 3, waiting: 0 },
    },
    operations: { transactionsPerSecond: 3.5, rowsReadPerSecond: 1240, sampleSeconds: 5 },
    storage: {
      used: 410 * megabyte,
      budget: 512 * megabyte,
      usagePercent: 80.1,
      status: 'warning',
    },
    overall: { status: 'warning', usagePercent: 80.1 },
    notice: 'Database usage is above 75% (80.1%)',
    isHosted: false,
    planInfo: { tier: 'self-hosted', plan: 'PostgreSQL 16.4' },
    ...overrides,
  };
}

export const embeddedUsage: DatabaseUsage = postgresUsage({
  dialect: 'pglite',
  version: '17.4',
  connections: {
    embedded: true,
    current: null,
    max: null,
    usagePercent: null,
    status: 'ok',
    pool: null,
  },
  operations: { transactionsPerSecond: null, rowsReadPerSecond: null, sampleSeconds: null },
  storage: { used: 9 * megabyte, budget: 512 * megabyte, usagePercent: 1.8, status: 'ok' },
  overall: { status: 'ok', usagePercent: 1.8 },
  notice: null,
  planInfo: { tier: 'embedded', plan: 'PGlite (PostgreSQL 17.4)' },
});

export function clusterWorker(overrides: Partial<ClusterWorker> = {}): ClusterWorker {
  return {
    ...worker,
    current: true,
    memory: {
      heapUsed: 64 * megabyte,
      heapTotal: 96 * megabyte,
      heapLimit: 4096 * megabyte,
      rss: 180 * megabyte,
    },
    cpu: { percentage: 12.5 },
    uptime: 5 * 3600 + 12 * 60,
    eventLoopLagMs: 0.4,
    requestsPerMinute: 120,
    errorRate: 0.5,
    responseTime: 42,
    activeConnections: 4,
    reportedAt: sampleTime,
    ...overrides,
  };
}

export function clusterInfo(overrides: Partial<ClusterInfo> = {}): ClusterInfo {
  return {
    cluster: { mode: 'cluster', registry: 'redis' },
    environment: 'production',
    totalWorkers: 2,
    health: { healthy: true, workerEfficiency: 0.5 },
    workers: [
      clusterWorker(),
      clusterWorker({
        id: 'api-2:5151',
        pid: 5151,
        hostname: 'api-2',
        current: false,
        cpu: { percentage: 88.2 },
        uptime: 90,
        requestsPerMinute: 64,
      }),
    ],
    database: postgresUsage(),
    recommendations: [
      { type: 'cpu', worker: 'api-2:5151', issue: 'CPU at 88%', action: 'Spread the load.' },
    ],
    ...overrides,
  };
}

export const systemPaths = {
  health: '/api/system/health',
  metrics: '/api/system/metrics',
  cluster: '/api/system/cluster',
  report: '/api/system/export-report',
} as const;

type Handler = (call: FakeCall) => Response | Promise<Response>;

/** Stubs the system calls with the sample answers; `overrides` replaces handlers by 'GET path'. */
export function stubSystem(overrides: Record<string, Handler> = {}): FakeCall[] {
  return stubApi({
    [`GET ${systemPaths.health}`]: () => jsonResponse({ success: true, data: systemHealth() }),
    [`GET ${systemPaths.metrics}`]: () => jsonResponse({ success: true, data: systemMetrics() }),
    [`GET ${systemPaths.cluster}`]: () => jsonResponse({ success: true, data: clusterInfo() }),
    [`GET ${systemPaths.report}`]: () =>
      jsonResponse({
        generatedAt: sampleTime,
        health: systemHealth(),
        metrics: systemMetrics(),
        cluster: clusterInfo(),
      }),
    ...overrides,
  });
}

/** The calls made to `path`. */
export function callsTo(calls: FakeCall[], path: string): FakeCall[] {
  return calls.filter((call) => call.path === path);
}

/** An answer in the error envelope. */
export function errorResponse(status: number, error: string, message: string): Response {
  return jsonResponse({ success: false, error, message }, status);
}
