import { describe, expect, it } from 'vitest';
import {
  clusterInfoResponseSchema,
  livenessResponseSchema,
  readinessResponseSchema,
  systemHealthResponseSchema,
  systemMetricsResponseSchema,
} from './system';
import { exampleSystemMetrics } from './test-examples';
import { exampleTime } from './test-support';

const usage = { usagePercent: 10, status: 'ok' };

describe('system contracts', () => {
  it('parses liveness and readiness answers and refuses unknown states', () => {
    expect(livenessResponseSchema.safeParse({ status: 'ok', uptime: 12.5 }).success).toBe(true);
    const ready = { status: 'unavailable', database: 'disconnected' };
    expect(readinessResponseSchema.safeParse(ready).success).toBe(true);
    expect(readinessResponseSchema.safeParse({ ...ready, status: 'degraded' }).success).toBe(false);
  });

  it('parses health, metrics and cluster answers', () => {
    const health = {
      online: true,
      timestamp: exampleTime,
      components: {
        database: { status: 'connected', latencyMs: 3 },
        api: { status: 'operational' },
        resources: { memory: { usagePercent: 50, heapUsed: 50, heapTotal: 100 } },
      },
    };
    expect(systemHealthResponseSchema.safeParse({ success: true, data: health }).success).toBe(
      true,
    );
    const metrics = { success: true, data: exampleSystemMetrics };
    expect(systemMetricsResponseSchema.safeParse(metrics).success).toBe(true);
    const cluster = {
      cluster: { mode: 'single' },
      environment: 'production',
      totalWorkers: 1,
      health: { healthy: true, workerEfficiency: 1 },
      workers: [
        {
          id: 'w1',
          pid: 42,
          memory: { heapUsed: 1, heapTotal: 2 },
          cpu: { percentage: 3 },
          uptime: 60,
        },
      ],
      database: {
        connections: { current: 2, max: 100, ...usage },
        operations: { daily: 1000, ...usage },
        storage: { used: 1e6, ...usage },
        overall: usage,
        isHosted: false,
        planInfo: { tier: 'self-hosted', plan: 'PostgreSQL' },
      },
      recommendations: [],
    };
    expect(clusterInfoResponseSchema.safeParse({ success: true, data: cluster }).success).toBe(
      true,
    );
  });
});
