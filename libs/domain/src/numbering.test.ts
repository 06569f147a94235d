import { describe, expect, it } from 'vitest';
import {
  effectivePadLength,
  effectiveStartNumber,
  financialYearLabel,
  formatDocumentNumber,
  nextDocumentSequence,
  numberingPeriodKey,
  previewDocumentNumber,
  type NumberingConfigInput,
} from './numbering';

const now = new Date('2026-06-15T04:00:00Z');
const invoice: NumberingConfigInput = {
  prefix: 'INV',
  series: 'MP',
  startNumber: 1,
  padLength: 6,
  useFinancialYear: false,
  useCurrentYear: true,
  resetAnnually: true,
};

describe('formatDocumentNumber', () => {
  it.each<[string, Partial<NumberingConfigInput>, number, string]>([
    ['the defaults', {}, 1, 'INV-MP-2026-000001'],
    ['a larger sequence', {}, 123, 'INV-MP-2026-000123'],
    ['a sequence longer than the padding', { padLength: 3 }, 12345, 'INV-MP-2026-12345'],
    ['no year', { useCurrentYear: false }, 7, 'INV-MP-000007'],
    [
      'the financial year',
      { useFinancialYear: true, useCurrentYear: false },
      7,
      'INV-MP-FY2026-000007',
    ],
    ['both years', { useFinancialYear: true }, 7, 'INV-MP-FY2026-2026-000007'],
    ['no series', { series: '' }, 7, 'INV-2026-000007'],
    ['a null series', { series: null }, 7, 'INV-2026-000007'],
    ['pad length 10', { padLength: 10 }, 1, 'INV-MP-2026-0000000001'],
    ['pad length 2 falls back to 6', { padLength: 2 }, 1, 'INV-MP-2026-000001'],
    ['pad length 11 falls back to 6', { padLength: 11 }, 1, 'INV-MP-2026-000001'],
    ['a missing pad length is 6', { padLength: undefined }, 1, 'INV-MP-2026-000001'],
    ['another kind', { prefix: 'RCP' }, 42, 'RCP-MP-2026-000042'],
  ])('%s', (_name, overrides, sequence, expected) => {
    expect(formatDocumentNumber({ ...invoice, ...overrides }, sequence, now)).toBe(expected);
  });

  it('takes the year in Malaysian time', () => {
    const newYearInKualaLumpur = new Date('2026-12-31T16:30:00Z');
    expect(formatDocumentNumber(invoice, 1, newYearInKualaLumpur)).toBe('INV-MP-2027-000001');
    expect(formatDocumentNumber(invoice, 1, newYearInKualaLumpur, 'UTC')).toBe(
      'INV-MP-2026-000001',
    );
  });
});

describe('previewDocumentNumber', () => {
  it.each<[Partial<NumberingConfigInput>, string]>([
    [{}, 'INV-MP-2026-000001'],
    [{ startNumber: 500 }, 'INV-MP-2026-000500'],
    [{ startNumber: 0 }, 'INV-MP-2026-000001'],
    [{ startNumber: null }, 'INV-MP-2026-000001'],
    [{ prefix: 'QUO', padLength: 4 }, 'QUO-MP-2026-0001'],
  ])('previews %j as %s', (overrides, expected) => {
    expect(previewDocumentNumber({ ...invoice, ...overrides }, now)).toBe(expected);
  });
});

describe('financialYearLabel', () => {
  it.each<[string, number | undefined, string]>([
    ['2026-06-15T04:00:00Z', undefined, 'FY2026'],
    ['2026-01-01T00:00:00+08:00', 1, 'FY2026'],
    ['2025-08-15T04:00:00Z', 7, 'FY2026'],
    ['2026-06-15T04:00:00Z', 7, 'FY2026'],
    ['2026-07-01T00:00:00+08:00', 7, 'FY2027'],
    ['2026-06-30T23:59:00+08:00', 7, 'FY2026'],
    ['2026-03-31T04:00:00Z', 4, 'FY2026'],
    ['2026-04-01T04:00:00Z', 4, 'FY2027'],
    ['2026-08-01T04:00:00Z', 13, 'FY2026'],
  ])('%s with a start month of %s is %s', (iso, startMonth, expected) => {
    expect(financialYearLabel(new Date(iso), startMonth)).toBe(expected);
  });

  it('passes the configured start month through the number', () => {
    const config = {
      ...invoice,
      useFinancialYear: true,
      useCurrentYear: false,
      financialYearStartMonth: 4,
    };
    expect(formatDocumentNumber(config, 1, new Date('2026-05-01T04:00:00Z'))).toBe(
      'INV-MP-FY2027-000001',
    );
  });
});

describe('numberingPeriodKey', () => {
  it.each<[string, Partial<NumberingConfigInput>, string]>([
    ['resets by calendar year', {}, '2026'],
    ['resets by financial year', { useFinancialYear: true, useCurrentYear: false }, 'FY2026'],
    ['prefers the financial year when both are shown', { useFinancialYear: true }, 'FY2026'],
    ['does not reset when not asked', { resetAnnually: false }, ''],
    ['does not reset when the number carries no year', { useCurrentYear: false }, ''],
  ])('%s', (_name, overrides, expected) => {
    expect(numberingPeriodKey({ ...invoice, ...overrides }, now)).toBe(expected);
  });
});

describe('nextDocumentSequence and fallbacks', () => {
  it.each<[number | null | undefined, number | null | undefined, number]>([
    [null, 1, 1],
    [undefined, 100, 100],
    [1, 1, 2],
    [41, 1, 42],
    [5, 100, 100],
    [null, 0, 1],
  ])('after %j with start %j comes %i', (last, start, expected) => {
    expect(nextDocumentSequence(last, start)).toBe(expected);
  });

  it.each<[number | null | undefined, number]>([
    [3, 3],
    [10, 10],
    [2, 6],
    [11, 6],
    [4.5, 6],
    [null, 6],
  ])('pad length %j becomes %i', (pad, expected) => {
    expect(effectivePadLength(pad)).toBe(expected);
  });

  it.each<[number | null | undefined, number]>([
    [1, 1],
    [250, 250],
    [0, 1],
    [-3, 1],
    [1.5, 1],
    [undefined, 1],
  ])('start number %j becomes %i', (start, expected) => {
    expect(effectiveStartNumber(start)).toBe(expected);
  });
});
