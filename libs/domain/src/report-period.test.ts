import { describe, expect, it } from 'vitest';
import { periodMonths, reportPeriod, trendBuckets } from './report-period';

describe('reportPeriod', () => {
  it.each([
    ['week', '2026-11-24', '2026-11-18', '2026-11-24', '2026-11-11', '2026-11-17', 7],
    ['month', '2026-11-24', '2026-11-01', '2026-11-24', '2026-10-08', '2026-10-31', 24],
    ['quarter', '2026-11-24', '2026-10-01', '2026-11-24', '2026-08-07', '2026-09-30', 55],
    ['year', '2026-03-01', '2026-01-01', '2026-03-01', '2025-11-02', '2025-12-31', 60],
    ['month', '2026-01-01', '2026-01-01', '2026-01-01', '2025-12-31', '2025-12-31', 1],
  ] as const)(
    '%s on %s covers %s to %s after %s to %s',
    (range, today, from, to, previousFrom, previousTo, days) => {
      expect(reportPeriod(range, today)).toEqual({ from, to, previousFrom, previousTo, days });
    },
  );

  it('takes the custom days as given, both ends included', () => {
    expect(
      reportPeriod('custom', '2026-11-24', { dateFrom: '2026-02-01', dateTo: '2026-02-28' }),
    ).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      previousFrom: '2026-01-04',
      previousTo: '2026-01-31',
      days: 28,
    });
  });

  it('counts at least one month when averaging revenue per month', () => {
    expect(periodMonths(7)).toBe(1);
    expect(periodMonths(365.25)).toBeCloseTo(12);
  });
});

describe('trendBuckets', () => {
  it('lists every day of a short period and every month of a long one', () => {
    expect(trendBuckets(reportPeriod('week', '2026-03-02'))).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(trendBuckets(reportPeriod('year', '2026-04-15'))).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
    ]);
    expect(
      trendBuckets(
        reportPeriod('custom', '2026-01-01', { dateFrom: '2025-11-20', dateTo: '2026-02-02' }),
      ),
    ).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
