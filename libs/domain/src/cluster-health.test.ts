import { describe, expect, it } from 'vitest';
import {
  databaseUsageNotice,
  overallUsagePercent,
  usagePercent,
  usageStatus,
  workerEfficiency,
  workerLevel,
  workerRecommendations,
  type WorkerFigures,
} from './cluster-health';

const worker = (id: string, overrides: Partial<WorkerFigures> = {}): WorkerFigures => ({
  id,
  memory: { heapUsed: 40, heapTotal: 100 },
  cpu: { percentage: 10 },
  eventLoopLagMs: 1,
  ...overrides,
});

describe('workerLevel', () => {
  it.each<[string, Partial<WorkerFigures>, string]>([
    ['an idle worker', {}, 'normal'],
    ['heap at 71 percent', { memory: { heapUsed: 71, heapTotal: 100 } }, 'warning'],
    ['heap at 86 percent', { memory: { heapUsed: 86, heapTotal: 100 } }, 'critical'],
    ['CPU at 81 percent of a core', { cpu: { percentage: 81 } }, 'warning'],
    ['CPU at 96 percent of a core', { cpu: { percentage: 96 } }, 'critical'],
    ['the loop 150 ms late', { eventLoopLagMs: 150 }, 'warning'],
    ['the loop 600 ms late', { eventLoopLagMs: 600 }, 'critical'],
    ['an empty heap figure', { memory: { heapUsed: 0, heapTotal: 0 } }, 'normal'],
    [
      'a full heapTotal far from the limit',
      { memory: { heapUsed: 95, heapTotal: 100, heapLimit: 1000 } },
      'normal',
    ],
  ])('%s is %s', (_name, overrides, level) => {
    expect(workerLevel(worker('w', overrides))).toBe(level);
  });
});

describe('workerEfficiency', () => {
  it.each<[string, WorkerFigures[], number]>([
    ['no worker known', [], 1],
    ['one idle worker', [worker('a')], 1],
    ['one of two busy', [worker('a'), worker('b', { cpu: { percentage: 90 } })], 0.5],
    [
      'two of three busy',
      [worker('a'), worker('b', { eventLoopLagMs: 200 }), worker('c', { cpu: { percentage: 99 } })],
      0.33,
    ],
  ])('%s: %d', (_name, workers, expected) => {
    expect(workerEfficiency(workers)).toBe(expected);
  });
});

describe('workerRecommendations', () => {
  it('names the worker and the figure for each threshold it is past', () => {
    const recommendations = workerRecommendations([
      worker('idle'),
      worker('busy', { memory: { heapUsed: 90, heapTotal: 100 }, eventLoopLagMs: 250 }),
    ]);
    expect(recommendations.map((item) => `${item.worker}:${item.type}`)).toEqual([
      'busy:memory',
      'busy:eventLoop',
    ]);
    expect(recommendations[0]!.issue).toBe('Heap at 90.0% of its limit');
  });
});

describe('database usage', () => {
  it.each<[number | null, string]>([
    [null, 'ok'],
    [75, 'ok'],
    [75.1, 'warning'],
    [90, 'warning'],
    [90.1, 'critical'],
  ])('%s percent is %s', (percent, status) => {
    expect(usageStatus(percent)).toBe(status);
  });

  it.each<[number | null, number | null, number | null]>([
    [384, 512, 75],
    [1, 3, 33.3],
    [null, 512, null],
    [10, 0, null],
    [10, null, null],
  ])('%s of %s is %s percent', (part, whole, percent) => {
    expect(usagePercent(part, whole)).toBe(percent);
  });

  it('takes the larger known percentage as the overall usage', () => {
    expect(overallUsagePercent(12, null, 80)).toBe(80);
    expect(overallUsagePercent(null, null)).toBeNull();
  });

  const mb = 1024 * 1024;
  const usage = {
    storageUsedBytes: 400 * mb,
    storageBudgetBytes: 512 * mb,
    storagePercent: 78.1,
    connections: { current: 10, max: 100, percent: 10 },
  };

  it('raises no notice at 75 percent or below, or when nothing is known', () => {
    expect(databaseUsageNotice({ ...usage, overallPercent: 75 })).toBeNull();
    expect(databaseUsageNotice({ ...usage, overallPercent: null })).toBeNull();
  });

  it('names what is over 75 percent in its notice', () => {
    expect(databaseUsageNotice({ ...usage, overallPercent: 78.1 })).toBe(
      'Database usage is above 75%: storage 400 MB of the 512 MB budget (78.1%).',
    );
    const crowded = { ...usage, connections: { current: 80, max: 100, percent: 80 } };
    expect(databaseUsageNotice({ ...crowded, overallPercent: 80 })).toBe(
      'Database usage is above 75%: storage 400 MB of the 512 MB budget (78.1%); 80 of 100 connections (80%).',
    );
  });
});
