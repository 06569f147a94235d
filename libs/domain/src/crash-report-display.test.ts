import { describe, expect, it } from 'vitest';
import {
  crashReportFileName,
  crashReportScores,
  crashReportTypeLabel,
  crashStatusLabel,
  valueOrNotAvailable,
} from './crash-report-display';

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
