import { describe, expect, it } from 'vitest';
import { createRequestWindow, latencyBinBounds } from './request-window';

/** A clock the test moves by hand, starting mid-second so bucket edges are exercised. */
function fakeClock(start = 1_700_000_000_500) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('request window', () => {
  it('answers zeros and no percentiles before any request', () => {
    const window = createRequestWindow({ now: fakeClock().now });
    expect(window.summary()).toEqual({
      requests: 0,
      errors: 0,
      errorRate: 0,
      meanMs: 0,
      p50Ms: null,
      p95Ms: null,
      p99Ms: null,
    });
  });

  it('counts requests and 5xx answers, and gives the mean', () => {
    const window = createRequestWindow({ now: fakeClock().now });
    window.record(10, 200);
    window.record(20, 404);
    window.record(30, 500);
    window.record(40, 503);
    expect(window.summary()).toMatchObject({ requests: 4, errors: 2, errorRate: 50, meanMs: 25 });
  });

  it('reads percentiles within 5 percent of the true ones', () => {
    const window = createRequestWindow({ now: fakeClock().now });
    for (let ms = 1; ms <= 1000; ms += 1) window.record(ms, 200);
    const { p50Ms, p95Ms, p99Ms } = window.summary();
    expect(p50Ms).toBeGreaterThan(500 * 0.95);
    expect(p50Ms).toBeLessThan(500 * 1.05);
    expect(p95Ms).toBeGreaterThan(950 * 0.95);
    expect(p95Ms).toBeLessThanOrEqual(1000);
    expect(p99Ms).toBeGreaterThan(990 * 0.95);
    expect(p99Ms).toBeLessThanOrEqual(1000);
  });

  it('never answers a percentile outside the durations seen', () => {
    const window = createRequestWindow({ now: fakeClock().now });
    for (let count = 0; count < 10; count += 1) window.record(7.3, 200);
    const summary = window.summary();
    expect([summary.p50Ms, summary.p95Ms, summary.p99Ms]).toEqual([7.3, 7.3, 7.3]);
  });

  it('slides: requests older than the window drop out second by second', () => {
    const clock = fakeClock();
    const window = createRequestWindow({ now: clock.now });
    window.record(100, 500);
    clock.advance(30_000);
    window.record(5, 200);
    window.record(5, 200);
    expect(window.summary()).toMatchObject({ requests: 3, errors: 1 });

    clock.advance(30_000);
    expect(window.summary()).toMatchObject({ requests: 2, errors: 0, errorRate: 0, meanMs: 5 });
    clock.advance(29_000);
    expect(window.summary().requests).toBe(2);
    clock.advance(1_000);
    expect(window.summary().requests).toBe(0);
  });

  it('reuses a ring slot once its second has passed, without mixing the old counts in', () => {
    const clock = fakeClock();
    const window = createRequestWindow({ now: clock.now, windowMs: 5_000 });
    window.record(1_000, 200);
    clock.advance(5_000);
    window.record(1, 200);
    expect(window.summary()).toMatchObject({ requests: 1, meanMs: 1, p99Ms: 1 });
  });

  it('moves the percentiles when slow requests arrive', () => {
    const window = createRequestWindow({ now: fakeClock().now });
    for (let count = 0; count < 100; count += 1) window.record(5, 200);
    const before = window.summary();
    for (let count = 0; count < 20; count += 1) window.record(400, 200);
    const after = window.summary();
    expect(after.p95Ms!).toBeGreaterThan(before.p95Ms! * 10);
    expect(after.p50Ms!).toBeLessThan(before.p50Ms! * 1.05);
  });

  it('bins durations from a tenth of a millisecond to minutes, each 5 percent wider', () => {
    expect(latencyBinBounds[0]).toBeCloseTo(0.1);
    expect(latencyBinBounds.at(-1)).toBe(Number.POSITIVE_INFINITY);
    expect(latencyBinBounds.length).toBeLessThan(300);
    const window = createRequestWindow({ now: fakeClock().now });
    window.record(10 * 60_000, 200);
    expect(window.summary().p50Ms).toBe(600_000);
  });
});
