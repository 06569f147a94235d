import { describe, expect, it } from 'vitest';
import {
  appendMetricsPoint,
  pointsOfLatestWorker,
  type MetricsPoint,
} from '@/features/system/lib/metrics-history';

const point = (at: number, worker = 'api-1:1'): MetricsPoint => ({
  at,
  worker,
  heapUsedMb: 10,
  rssMb: 20,
  cpuPercent: 1,
  requestsPerMinute: at,
  responseTimeMs: 5,
  p95Ms: null,
});

describe('the chart history', () => {
  it('keeps points in time order, each sample once', () => {
    let history = appendMetricsPoint([], point(2_000));
    history = appendMetricsPoint(history, point(1_000));
    history = appendMetricsPoint(history, point(2_000));
    expect(history.map((p) => p.at)).toEqual([1_000, 2_000]);
    // Another process at the same moment is another sample.
    expect(appendMetricsPoint(history, point(2_000, 'api-2:2'))).toHaveLength(3);
  });

  it('drops the oldest past its capacity', () => {
    let history: MetricsPoint[] = [];
    for (let at = 1; at <= 65; at += 1) history = appendMetricsPoint(history, point(at));
    expect(history).toHaveLength(60);
    expect(history[0]!.at).toBe(6);
    expect(appendMetricsPoint(history, point(66), 3).map((p) => p.at)).toEqual([64, 65, 66]);
  });

  it('draws the process that measured the newest sample', () => {
    const history = [point(1, 'a'), point(2, 'b'), point(3, 'a')];
    expect(pointsOfLatestWorker(history).map((p) => p.at)).toEqual([1, 3]);
    expect(pointsOfLatestWorker([])).toEqual([]);
  });
});
