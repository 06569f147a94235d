import { describe, expect, it } from 'vitest';
import { evaluateReportTargets, reportTargets, targetStatus } from './report-targets';

describe('targetStatus (higher is better)', () => {
  it.each([
    [100000, 100000, 'On target'],
    [120000, 100000, 'On target'],
    [90000, 100000, 'On target'],
    [89999.99, 100000, 'Needs attention'],
    [70000, 100000, 'Needs attention'],
    [69999, 100000, 'Below target'],
    [0, 100000, 'Below target'],
    [85.5, 95, 'On target'],
    [85.4, 95, 'Needs attention'],
    [66.5, 95, 'Needs attention'],
    [66.4, 95, 'Below target'],
    [27, 30, 'On target'],
    [21, 30, 'Needs attention'],
    [20.9, 30, 'Below target'],
  ])('%d against %d is %s', (actual, target, expected) => {
    expect(targetStatus(actual, target)).toBe(expected);
  });
});

describe('targetStatus (days to collect, lower is better)', () => {
  it.each([
    [0, 'On target'],
    [25, 'On target'],
    [30, 'On target'],
    [31, 'Needs attention'],
    [40, 'Needs attention'],
    [42.8, 'Needs attention'],
    [43, 'Below target'],
    [90, 'Below target'],
  ])('%d days is %s', (days, expected) => {
    expect(targetStatus(days, 30, true)).toBe(expected);
  });
});

describe('evaluateReportTargets', () => {
  it('uses the spec targets and reports percent of target', () => {
    const rows = evaluateReportTargets({
      monthlyRevenue: 95000,
      collectionRate: 70,
      conversionRate: 12,
      daysToCollect: 40,
    });
    expect(rows).toEqual([
      {
        key: 'monthlyRevenue',
        label: 'Monthly Revenue',
        actual: 95000,
        target: 100000,
        lowerIsBetter: false,
        percentOfTarget: 95,
        status: 'On target',
      },
      {
        key: 'collectionRate',
        label: 'Collection Rate',
        actual: 70,
        target: 95,
        lowerIsBetter: false,
        percentOfTarget: 73.7,
        status: 'Needs attention',
      },
      {
        key: 'conversionRate',
        label: 'Quotation Conversion',
        actual: 12,
        target: 30,
        lowerIsBetter: false,
        percentOfTarget: 40,
        status: 'Below target',
      },
      {
        key: 'daysToCollect',
        label: 'Days to Collect',
        actual: 40,
        target: 30,
        lowerIsBetter: true,
        percentOfTarget: 75,
        status: 'Needs attention',
      },
    ]);
  });

  it('counts zero days to collect as fully on target', () => {
    const rows = evaluateReportTargets({
      monthlyRevenue: 0,
      collectionRate: 0,
      conversionRate: 0,
      daysToCollect: 0,
    });
    expect(rows[3]).toMatchObject({ percentOfTarget: 100, status: 'On target' });
    expect(rows[0]).toMatchObject({ percentOfTarget: 0, status: 'Below target' });
  });

  it('holds the spec numbers', () => {
    expect(reportTargets).toEqual({
      monthlyRevenue: 100000,
      collectionRate: 95,
      conversionRate: 30,
      daysToCollect: 30,
    });
  });
});
