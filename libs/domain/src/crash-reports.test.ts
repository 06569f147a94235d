import { describe, expect, it } from 'vitest';
import {
  batteryLevelText,
  crashScoreColour,
  crashSeverityRank,
  severityLabel,
  shortReportId,
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

describe('crashSeverityRank', () => {
  it.each<[string | null | undefined, number]>([
    ['critical', 4],
    ['high', 3],
    ['medium', 2],
    ['low', 1],
    ['Critical', 4],
    ['fatal', 0],
    [null, 0],
    [undefined, 0],
  ])('%s ranks %i', (severity, rank) => {
    expect(crashSeverityRank(severity)).toBe(rank);
  });
});
