import { describe, expect, it } from 'vitest';
import {
  classifyEnvironment,
  healthIssuesFromMetrics,
  healthScore,
  healthScoreColour,
  metricLevel,
  type HealthMetricsInput,
} from './health';

const issues = (...severities: string[]) => severities.map((severity) => ({ severity }));

describe('healthScore', () => {
  it.each<[string[], number]>([
    [[], 100],
    [['critical'], 70],
    [['high'], 85],
    [['medium'], 92],
    [['low'], 97],
    [['critical', 'high', 'medium', 'low'], 44],
    [['critical', 'critical', 'critical'], 10],
    [['critical', 'critical', 'critical', 'critical'], 0],
    [['unknown', 'constructor'], 100],
  ])('issues %j score %i', (severities, expected) => {
    expect(healthScore(issues(...severities))).toBe(expected);
  });
});

describe('healthScoreColour', () => {
  it.each([
    [100, 'green'],
    [90, 'green'],
    [89, 'yellow'],
    [70, 'yellow'],
    [69, 'orange'],
    [50, 'orange'],
    [49, 'red'],
    [0, 'red'],
  ])('%i is %s', (score, colour) => {
    expect(healthScoreColour(score)).toBe(colour);
  });
});

describe('metricLevel', () => {
  it.each([
    [70, 'normal'],
    [70.1, 'warning'],
    [85, 'warning'],
    [85.1, 'critical'],
  ])('heap at %d percent is %s', (value, level) => {
    expect(metricLevel(value, { warning: 70, critical: 85 })).toBe(level);
  });
});

describe('healthIssuesFromMetrics', () => {
  const gib = 1024 ** 3;
  const healthy: HealthMetricsInput = {
    memory: { heapUsed: 50, heapTotal: 100 },
    system: { totalMem: 16 * gib, freeMem: 8 * gib },
    cpu: { loadAverage: [0.5, 0.4, 0.3] },
    responseTime: 120,
    errorRate: 0.5,
    database: { connected: true },
  };
  const raised = (overrides: Partial<HealthMetricsInput>) =>
    healthIssuesFromMetrics({ ...healthy, ...overrides }).map(
      (issue) => `${issue.key}:${issue.severity}`,
    );

  it.each<[string, Partial<HealthMetricsInput>, string[]]>([
    ['nothing for a healthy sample', {}, []],
    [
      'nothing for an empty sample',
      {
        memory: null,
        system: null,
        cpu: null,
        responseTime: null,
        errorRate: null,
        database: null,
      },
      [],
    ],
    ['a lost database', { database: { connected: false } }, ['database:critical']],
    ['heap exactly at 70 percent', { memory: { heapUsed: 70, heapTotal: 100 } }, []],
    ['heap over 70 percent', { memory: { heapUsed: 71, heapTotal: 100 } }, ['memory:medium']],
    ['heap exactly at 85 percent', { memory: { heapUsed: 85, heapTotal: 100 } }, ['memory:medium']],
    ['heap over 85 percent', { memory: { heapUsed: 86, heapTotal: 100 } }, ['memory:critical']],
    ['load exactly 1', { cpu: { loadAverage: [1, 3, 3] } }, []],
    ['load over 1', { cpu: { loadAverage: 1.5 } }, ['cpu:medium']],
    ['load over 2', { cpu: { loadAverage: [2.1] } }, ['cpu:critical']],
    ['response exactly 500 ms', { responseTime: 500 }, []],
    ['response over 500 ms', { responseTime: 501 }, ['responseTime:medium']],
    ['response over 1000 ms', { responseTime: 1001 }, ['responseTime:critical']],
    ['error rate 4 percent (warning only, no issue)', { errorRate: 4 }, []],
    ['error rate exactly 5 percent', { errorRate: 5 }, []],
    ['error rate over 5 percent', { errorRate: 5.1 }, ['errorRate:critical']],
    ['server memory exactly 90 percent used', { system: { totalMem: 100, freeMem: 10 } }, []],
    [
      'server memory over 90 percent used',
      { system: { totalMem: 100, freeMem: 9 } },
      ['serverMemory:critical'],
    ],
  ])('raises %s', (_name, overrides, expected) => {
    expect(raised(overrides)).toEqual(expected);
  });

  it('lists the most severe issues first', () => {
    const result = raised({
      responseTime: 600,
      database: { connected: false },
      cpu: { loadAverage: 3 },
    });
    expect(result).toEqual(['database:critical', 'cpu:critical', 'responseTime:medium']);
  });

  it('names the figure in the message', () => {
    const [issue] = healthIssuesFromMetrics({ memory: { heapUsed: 871, heapTotal: 1000 } });
    expect(issue.message).toBe('High memory usage (87.1%)');
  });
});

describe('classifyEnvironment', () => {
  const gib = 1024 ** 3;
  it.each<[string | null, number, string]>([
    ['development', 64 * gib, 'local'],
    ['production', 4 * gib, 'local'],
    ['production', 8 * gib - 1, 'local'],
    ['production', 8 * gib, 'cloud'],
    ['production', 16 * gib, 'cloud'],
    ['production', 32 * gib, 'cloud'],
    ['production', 32 * gib + 1, 'dedicated'],
    [null, 64 * gib, 'dedicated'],
  ])('%s with %i bytes is %s', (environment, memory, expected) => {
    expect(classifyEnvironment(environment, memory)).toBe(expected);
  });
});
