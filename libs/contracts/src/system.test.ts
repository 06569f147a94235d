import { describe, expect, it } from 'vitest';
import {
  clusterInfoResponseSchema,
  livenessResponseSchema,
  readinessResponseSchema,
  systemHealthResponseSchema,
  systemMetricsResponseSchema,
  systemReportFileName,
  systemReportSchema,
} from './system';
import { exampleSystemAlert, exampleSystemMetrics } from './test-examples';
import { exampleTime } from './test-support';

const usage = { usagePercent: 10, status: 'ok' };
const worker = { id: 'api-1:4242', pid: 4242, hostname: 'api-1' };

const health = {
  online: true,
  timestamp: exampleTime,
  worker,
  score: 92,
  status: 'warning',
  components: {
    database: { status: 'connected', latencyMs: 3 },
    api: { status: 'operational' },
    resources: {
      memory: { usagePercent: 72, heapUsed: 72, heapTotal: 100, heapLimit: 100, rss: 300 },
      serverMemory: { usagePercent: 40 },
      cpu: { percentage: 12, loadAverage: [0.2, 0.1, 0.1] },
    },
  },
  issues: [{ key: 'memory', severity: 'medium', message: 'High memory usage (72.0%)' }],
  recommendations: [{ key: 'memory', message: 'Watch the heap' }],
  recentAlerts: [exampleSystemAlert],
};

const cluster = {
  cluster: { mode: 'single', registry: 'local' },
  environment: 'production',
  totalWorkers: 1,
  health: { healthy: true, workerEfficiency: 1 },
  workers: [
    {
      ...worker,
      current: true,
      memory: { heapUsed: 1, heapTotal: 2, heapLimit: 10, rss: 3 },
      cpu: { percentage: 3 },
      uptime: 60,
      eventLoopLagMs: 0.5,
      requestsPerMinute: 12,
      errorRate: 0,
      responseTime: 8,
      activeConnections: 1,
      reportedAt: exampleTime,
    },
  ],
  database: {
    dialect: 'postgres',
    connected: true,
    version: '16.4',
    connections: { embedded: false, current: 2, max: 100, ...usage, pool: null },
    operations: { transactionsPerSecond: 3.5, rowsReadPerSecond: 120, sampleSeconds: 5 },
    storage: { used: 1e6, budget: 512 * 1024 * 1024, ...usage },
    overall: usage,
    notice: null,
    isHosted: false,
    planInfo: { tier: 'self-hosted', plan: 'PostgreSQL 16.4' },
  },
  recommendations: [],
};

describe('system contracts', () => {
  it('parses liveness and readiness answers and refuses unknown states', () => {
    expect(livenessResponseSchema.safeParse({ status: 'ok', uptime: 12.5 }).success).toBe(true);
    const ready = { status: 'unavailable', database: 'disconnected' };
    expect(readinessResponseSchema.safeParse(ready).success).toBe(true);
    expect(readinessResponseSchema.safeParse({ ...ready, status: 'degraded' }).success).toBe(false);
  });

  it('parses health, metrics and cluster answers', () => {
    expect(systemHealthResponseSchema.safeParse({ success: true, data: health }).success).toBe(
      true,
    );
    const metrics = { success: true, data: exampleSystemMetrics };
    expect(systemMetricsResponseSchema.safeParse(metrics).success).toBe(true);
    expect(clusterInfoResponseSchema.safeParse({ success: true, data: cluster }).success).toBe(
      true,
    );
  });

  it('takes an embedded database without connection figures', () => {
    const embedded = {
      ...cluster,
      database: {
        ...cluster.database,
        dialect: 'pglite',
        connections: {
          embedded: true,
          current: null,
          max: null,
          usagePercent: null,
          status: 'ok',
          pool: null,
        },
        operations: { transactionsPerSecond: null, rowsReadPerSecond: null, sampleSeconds: null },
      },
    };
    expect(clusterInfoResponseSchema.safeParse({ success: true, data: embedded }).success).toBe(
      true,
    );
  });

  it('refuses an issue about something the panel does not know, and a score over 100', () => {
    const unknownIssue = { ...health, issues: [{ key: 'disk', severity: 'low', message: 'x' }] };
    expect(
      systemHealthResponseSchema.safeParse({ success: true, data: unknownIssue }).success,
    ).toBe(false);
    const overScore = { ...health, score: 101 };
    expect(systemHealthResponseSchema.safeParse({ success: true, data: overScore }).success).toBe(
      false,
    );
  });

  it('bundles the three answers into the exported report, named by its date', () => {
    const report = { generatedAt: exampleTime, health, metrics: exampleSystemMetrics, cluster };
    expect(systemReportSchema.safeParse(report).success).toBe(true);
    expect(systemReportFileName('2026-11-24')).toBe('system-report-2026-11-24.json');
  });
});
