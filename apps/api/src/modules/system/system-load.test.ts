import { systemMetricsResponseSchema, type SystemMetrics } from '@patrol/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, type TestContext } from '../../../test/builders';
import { moduleRoutes } from '../../app';
import { defineRoute } from '../../http/route';

const slowMs = 40;

/** Test-only routes: one that takes a while to answer, one that fails. */
const loadRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/test/slow',
    summary: 'Answers after a pause',
    tags: ['test'],
    access: 'public',
    response: z.object({ ok: z.boolean() }),
    handler: async () => {
      await new Promise((resolve) => setTimeout(resolve, slowMs));
      return { ok: true };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/test/fail',
    summary: 'Fails',
    tags: ['test'],
    access: 'public',
    response: z.object({ ok: z.boolean() }),
    handler: () => {
      throw new Error('a failure the error rate must count');
    },
  }),
];

describe('system metrics under load', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestContext({ routes: [...moduleRoutes, ...loadRoutes] });
    admin = await t.signIn('Admin');
  });
  afterAll(() => t.close());

  const metrics = async (): Promise<SystemMetrics> => {
    const response = await request(t.app).get('/api/system/metrics').set(bearer(admin)).expect(200);
    return systemMetricsResponseSchema.parse(response.body).data;
  };
  const times = (count: number, send: () => Promise<unknown>) =>
    Promise.all(Array.from({ length: count }, send));

  it('moves the request rate, the percentiles and the error rate as requests arrive', async () => {
    const idle = await metrics();
    expect(idle.requestsPerMinute).toBe(0);
    expect(idle.responseTimes).toEqual({ p50: null, p95: null, p99: null });

    await times(20, () => request(t.app).get('/api/clients').set(bearer(admin)).expect(200));
    const busy = await metrics();
    // The 20 listed, plus the first metrics call itself.
    expect(busy.requestsPerMinute).toBe(21);
    expect(busy.errorRate).toBe(0);
    expect(busy.responseTimes.p50).toBeGreaterThan(0);
    expect(busy.responseTime).toBeGreaterThan(0);

    await times(20, () => request(t.app).get('/api/test/slow').expect(200));
    const slow = await metrics();
    expect(slow.requestsPerMinute).toBe(42);
    // Half the window now takes at least 40 ms: the 95th percentile is one of them. (Compared
    // with absolute figures only: on a loaded machine the list calls may be slow too.)
    expect(slow.responseTimes.p95!).toBeGreaterThanOrEqual(slowMs * 0.9);
    expect(slow.responseTime).toBeGreaterThanOrEqual((slowMs * 0.9) / 2);

    await times(6, () => request(t.app).get('/api/test/fail').expect(500));
    const failing = await metrics();
    expect(failing.requestsPerMinute).toBe(49);
    expect(failing.errorRate).toBeCloseTo((6 / 49) * 100, 1);
  });

  it('leaves probes and scrapes out of the request rate', async () => {
    const before = await metrics();
    await times(5, () => request(t.app).get('/health').expect(200));
    await times(5, () => request(t.app).get('/ready').expect(200));
    await request(t.app).get('/metrics').expect(200);
    const after = await metrics();
    expect(after.requestsPerMinute).toBe(before.requestsPerMinute + 1);
  });

  it('raises the slow-response and error-rate issues from the same window', async () => {
    const response = await request(t.app).get('/api/system/health').set(bearer(admin)).expect(200);
    const keys = response.body.data.issues.map((issue: { key: string }) => issue.key);
    // 6 failures in about 60 requests is past 5 percent, with enough requests to count.
    expect(keys).toContain('errorRate');
    expect(response.body.data.status).toBe('critical');
  });
});
