import { describe, expect, it } from 'vitest';
import type { HealthIssue } from '@patrol/contracts';
import {
  assessSystemHealth,
  classifyEnvironment,
  healthIssueChanges,
  healthIssuesFromMetrics,
  healthRecommendations,
  healthScore,
  healthRingColour,
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

describe('healthRingColour', () => {
  it.each([
    [100, 'healthy', 'green'],
    [97, 'warning', 'yellow'],
    [70, 'critical', 'red'],
    [60, 'warning', 'orange'],
    [40, 'warning', 'red'],
    [85, 'warning', 'yellow'],
  ] as const)('score %i while %s reads %s, as its label does', (score, status, colour) => {
    expect(healthRingColour(score, status)).toBe(colour);
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
    [
      'heap at 90 percent of heapTotal but 20 percent of its limit',
      { memory: { heapUsed: 90, heapTotal: 100, heapLimit: 450 } },
      [],
    ],
    [
      'heap over 85 percent of its limit',
      { memory: { heapUsed: 390, heapTotal: 400, heapLimit: 450 } },
      ['memory:critical'],
    ],
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
    ['load 3 on 4 cores (0.75 a core)', { cpu: { loadAverage: [3], cores: 4 } }, []],
    ['load 5 on 4 cores', { cpu: { loadAverage: [5], cores: 4 } }, ['cpu:medium']],
    ['load 9 on 4 cores', { cpu: { loadAverage: [9], cores: 4 } }, ['cpu:critical']],
    [
      'load 1.5 with an unknown core count',
      { cpu: { loadAverage: [1.5], cores: 0 } },
      ['cpu:medium'],
    ],
    ['error rate 50 percent of 4 requests', { errorRate: 50, requests: 4 }, []],
    ['error rate 10 percent of 19 requests', { errorRate: 10, requests: 19 }, []],
    [
      'error rate 10 percent of 20 requests',
      { errorRate: 10, requests: 20 },
      ['errorRate:critical'],
    ],
    ['database exactly 75 percent of its budget', { databaseStorage: { usagePercent: 75 } }, []],
    [
      'database over 75 percent of its budget',
      { databaseStorage: { usagePercent: 75.1 } },
      ['databaseStorage:low'],
    ],
    [
      'database over 90 percent of its budget',
      { databaseStorage: { usagePercent: 91 } },
      ['databaseStorage:high'],
    ],
    ['database of unknown size', { databaseStorage: { usagePercent: null } }, []],
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

const issue = (key: HealthIssue['key'], severity: HealthIssue['severity']): HealthIssue => ({
  key,
  severity,
  message: `${key} ${severity}`,
});

describe('assessSystemHealth', () => {
  it.each<[string, Parameters<typeof assessSystemHealth>[0], number, string, string[]]>([
    ['a healthy sample', { database: { connected: true }, responseTime: 20 }, 100, 'healthy', []],
    ['a lost database', { database: { connected: false } }, 70, 'critical', ['database']],
    [
      'high heap and a slow answer',
      { memory: { heapUsed: 75, heapTotal: 100 }, responseTime: 700 },
      84,
      'warning',
      ['memory', 'responseTime'],
    ],
    [
      'a database near its budget only',
      { databaseStorage: { usagePercent: 80 } },
      97,
      'warning',
      ['databaseStorage'],
    ],
    [
      'everything at once',
      {
        database: { connected: false },
        memory: { heapUsed: 90, heapTotal: 100 },
        cpu: { loadAverage: [3] },
        responseTime: 1500,
        errorRate: 9,
        system: { totalMem: 100, freeMem: 1 },
      },
      0,
      'critical',
      ['database', 'memory', 'cpu', 'responseTime', 'errorRate', 'serverMemory'],
    ],
  ])('scores %s', (_name, metrics, score, status, recommended) => {
    const assessment = assessSystemHealth(metrics);
    expect(assessment.score).toBe(score);
    expect(assessment.status).toBe(status);
    expect(assessment.recommendations.map((item) => item.key)).toEqual(recommended);
  });

  it('recommends once per kind of issue, most severe first, with a text for each', () => {
    const recommendations = healthRecommendations([
      issue('cpu', 'critical'),
      issue('memory', 'medium'),
      issue('cpu', 'medium'),
    ]);
    expect(recommendations.map((item) => item.key)).toEqual(['cpu', 'memory']);
    for (const item of recommendations) expect(item.message.length).toBeGreaterThan(20);
  });
});

describe('healthIssueChanges', () => {
  const changes = (previous: HealthIssue[], current: HealthIssue[]) =>
    healthIssueChanges(previous, current).map(
      (change) => `${change.state}:${change.key}:${change.severity}`,
    );

  it.each<[string, HealthIssue[], HealthIssue[], string[]]>([
    ['nothing while healthy', [], [], []],
    ['a new issue is raised', [], [issue('memory', 'medium')], ['raised:memory:medium']],
    [
      'a steady issue is not raised again',
      [issue('memory', 'medium')],
      [issue('memory', 'medium')],
      [],
    ],
    [
      'a worse level is a new crossing',
      [issue('memory', 'medium')],
      [issue('memory', 'critical')],
      ['raised:memory:critical'],
    ],
    [
      'easing to a milder level says nothing',
      [issue('cpu', 'critical')],
      [issue('cpu', 'medium')],
      [],
    ],
    ['a cleared issue is resolved', [issue('database', 'critical')], [], ['resolved:database:low']],
    [
      'raises and resolves in one step',
      [issue('responseTime', 'medium')],
      [issue('errorRate', 'critical')],
      ['raised:errorRate:critical', 'resolved:responseTime:low'],
    ],
  ])('%s', (_name, previous, current, expected) => {
    expect(changes(previous, current)).toEqual(expected);
  });

  it('says the database is back when its issue clears', () => {
    const [change] = healthIssueChanges([issue('database', 'critical')], []);
    expect(change?.message).toBe('Database connection restored');
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
