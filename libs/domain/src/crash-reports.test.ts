import { describe, expect, it } from 'vitest';
import {
  batteryLevelText,
  crashReportFileName,
  crashReportScores,
  crashReportTypeLabel,
  crashScoreColour,
  crashStatusLabel,
  severityLabel,
  shortReportId,
  valueOrNotAvailable,
} from './crash-reports';

describe('batteryLevelText', () => {
  it.each<[number | string | null | undefined, string]>([
    [0, '0%'],
    [57, '57%'],
    [100, '100%'],
    [45.6, '46%'],
    ['80', '80%'],
    [-1, 'Invalid'],
    [101, 'Invalid'],
    ['full', 'Invalid'],
    [Number.NaN, 'Invalid'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['', 'N/A'],
  ])('%j shows %s', (level, expected) => {
    expect(batteryLevelText(level)).toBe(expected);
  });
});

describe('crashScoreColour', () => {
  it.each([
    [100, 'green'],
    [81, 'green'],
    [80, 'yellow'],
    [61, 'yellow'],
    [60, 'red'],
    [0, 'red'],
  ])('%i is %s', (score, colour) => {
    expect(crashScoreColour(score)).toBe(colour);
  });
});

describe('severityLabel', () => {
  it.each<[string | null | undefined, string]>([
    ['critical', 'Critical'],
    ['high', 'High'],
    ['medium', 'Medium'],
    ['low', 'Low'],
    ['HIGH', 'High'],
    ['severe', 'Unknown'],
    ['constructor', 'Unknown'],
    [null, 'Unknown'],
  ])('%j is %s', (severity, expected) => {
    expect(severityLabel(severity)).toBe(expected);
  });
});

describe('shortReportId', () => {
  it.each([
    ['3f2a9c1e-7b4d-4e5f-9a0b-1c2d3e4f5a6b', '3f2a9c1e'],
    ['abc', 'abc'],
  ])('%s shows as %s', (id, expected) => {
    expect(shortReportId(id)).toBe(expected);
  });
});

describe('valueOrNotAvailable', () => {
  it.each<[string | number | boolean | null | undefined, string]>([
    ['Samsung', 'Samsung'],
    ['', 'N/A'],
    ['   ', 'N/A'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    [0, '0'],
    [42.5, '42.5'],
    [Number.NaN, 'N/A'],
    [true, 'Yes'],
    [false, 'No'],
  ])('%j shows %s', (value, expected) => {
    expect(valueOrNotAvailable(value)).toBe(expected);
  });
});

describe('crashStatusLabel', () => {
  it.each([
    ['new', 'New'],
    ['investigating', 'Investigating'],
    ['in-progress', 'In Progress'],
    ['resolved', 'Resolved'],
    ['closed', 'Closed'],
    ['duplicate', 'Duplicate'],
    ['archived', 'archived'],
    ['toString', 'toString'],
  ])('%s is %s', (status, expected) => {
    expect(crashStatusLabel(status)).toBe(expected);
  });
});

describe('crashReportTypeLabel', () => {
  it.each([
    ['automatic', 'Automatic'],
    ['manual', 'Manual'],
    ['debug', 'Debug'],
    ['other', 'other'],
  ])('%s is %s', (type, expected) => {
    expect(crashReportTypeLabel(type)).toBe(expected);
  });
});

describe('crashReportScores', () => {
  it('keeps the numeric scores from 0 to 100, named for people', () => {
    expect(
      crashReportScores({
        performanceScore: 85,
        battery_health_score: 61,
        stabilityScore: 0,
        memoryScore: '90',
        networkScore: 140,
        cpuScore: Number.NaN,
        screen: 'main',
        SCORE: 50,
      }),
    ).toEqual([
      { key: 'performanceScore', label: 'Performance Score', value: 85 },
      { key: 'battery_health_score', label: 'Battery Health Score', value: 61 },
      { key: 'stabilityScore', label: 'Stability Score', value: 0 },
      { key: 'SCORE', label: 'SCORE', value: 50 },
    ]);
  });

  it('finds none in empty data', () => {
    expect(crashReportScores({})).toEqual([]);
  });
});

describe('crashReportFileName', () => {
  it.each([
    [
      { id: '3f2a9c1e-7b4d-4e5f-9a0b-1c2d3e4f5a6b', reportType: 'automatic' },
      'crash-report-3f2a9c1e.json',
    ],
    [
      { id: '3f2a9c1e-7b4d-4e5f-9a0b-1c2d3e4f5a6b', reportType: 'manual' },
      'crash-report-3f2a9c1e.json',
    ],
    [
      { id: '3f2a9c1e-7b4d-4e5f-9a0b-1c2d3e4f5a6b', reportType: 'debug' },
      'debug-report-3f2a9c1e.json',
    ],
  ])('%j is saved as %s', (report, expected) => {
    expect(crashReportFileName(report)).toBe(expected);
  });
});
