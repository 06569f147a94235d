import { Registry } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestFigures } from './request-figures';

describe('request figures', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_700_000_000_500 }));
  afterEach(() => vi.useRealTimers());

  it('answers zeros and no percentiles before any request', async () => {
    const figures = createRequestFigures(new Registry());
    expect(await figures.summary()).toEqual({
      requests: 0,
      errors: 0,
      errorRate: 0,
      meanMs: 0,
      p50Ms: null,
      p95Ms: null,
      p99Ms: null,
    });
    figures.close();
  });

  it('counts requests and 5xx answers, and gives the mean', async () => {
    const figures = createRequestFigures(new Registry());
    figures.record(10, 200);
    figures.record(20, 404);
    figures.record(30, 500);
    figures.record(40, 503);
    expect(await figures.summary()).toMatchObject({
      requests: 4,
      errors: 2,
      errorRate: 50,
      meanMs: 25,
    });
    figures.close();
  });

  it('reads percentiles near the true ones', async () => {
    const figures = createRequestFigures(new Registry());
    for (let ms = 1; ms <= 1000; ms += 1) figures.record(ms, 200);
    const { p50Ms, p95Ms, p99Ms } = await figures.summary();
    expect(p50Ms).toBeGreaterThan(500 * 0.95);
    expect(p50Ms).toBeLessThan(500 * 1.05);
    expect(p95Ms).toBeGreaterThan(950 * 0.95);
    expect(p99Ms).toBeLessThanOrEqual(1000);
    figures.close();
  });

  it('forgets requests once they are older than the window', async () => {
    const figures = createRequestFigures(new Registry());
    figures.record(500, 500);
    await vi.advanceTimersByTimeAsync(30_000);
    figures.record(10, 200);
    expect(await figures.summary()).toMatchObject({ requests: 2, errors: 1 });
    await vi.advanceTimersByTimeAsync(40_000);
    expect(await figures.summary()).toMatchObject({ requests: 1, errors: 0, meanMs: 10 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await figures.summary()).toMatchObject({ requests: 0, p95Ms: null });
    figures.close();
  });

  it('serves its figures in the Prometheus registry it was given', async () => {
    const registry = new Registry();
    const figures = createRequestFigures(registry);
    figures.record(12, 200);
    const text = await registry.metrics();
    expect(text).toContain('patrol_panel_request_duration_seconds_count 1');
    expect(text).toContain('patrol_panel_request_errors_total 0');
    figures.close();
  });
});
