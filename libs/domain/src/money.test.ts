import { describe, expect, it } from 'vitest';
import { formatMoney, fromSen, parseSen, senToDecimalString, sumSen, toSen } from './money';

describe('toSen', () => {
  it.each<[number | string, number]>([
    [0, 0],
    [0.1, 10],
    [0.2, 20],
    [1234.5, 123450],
    ['1234.50', 123450],
    ['  12.3 ', 1230],
    ['-5', -500],
    ['.5', 50],
    ['7.', 700],
    [1.005, 101],
    ['1.005', 101],
    ['1.004', 100],
    [-1.005, -101],
    ['999999999999.99', 99999999999999],
    [1e-7, 0],
  ])('converts %j to %i sen', (amount, sen) => {
    expect(toSen(amount)).toBe(sen);
  });

  it('adds 0.1 and 0.2 exactly', () => {
    expect(toSen(0.1) + toSen(0.2)).toBe(toSen('0.3'));
    expect(fromSen(toSen(0.1) + toSen(0.2))).toBe(0.3);
  });

  it.each<[unknown]>([
    ['abc'],
    [''],
    ['1,234.50'],
    ['1e3'],
    [Number.NaN],
    [Infinity],
    [null],
    [undefined],
  ])('refuses %j', (amount) => {
    expect(() => toSen(amount as string)).toThrow(RangeError);
    expect(parseSen(amount)).toBeNull();
  });
});

describe('fromSen and senToDecimalString', () => {
  it.each([
    [123450, 1234.5, '1234.50'],
    [5, 0.05, '0.05'],
    [-5, -0.05, '-0.05'],
    [0, 0, '0.00'],
    [-123456, -1234.56, '-1234.56'],
  ])('%i sen is %d and %s', (sen, amount, text) => {
    expect(fromSen(sen)).toBe(amount);
    expect(senToDecimalString(sen)).toBe(text);
  });

  it('refuses a fractional sen value', () => {
    expect(() => fromSen(1.5)).toThrow(RangeError);
    expect(() => senToDecimalString(0.1)).toThrow(RangeError);
  });
});

describe('sumSen', () => {
  it.each([
    [[], 0],
    [[10, 20], 30],
    [[123450, -450, 1], 123001],
  ])('sums %j to %i', (values, total) => {
    expect(sumSen(values)).toBe(total);
  });

  it('refuses a float that slipped in', () => {
    expect(() => sumSen([10, 0.2])).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it.each<[number | string | null | undefined, string | undefined, string]>([
    [1234.5, undefined, 'RM 1,234.50'],
    ['1234.50', 'MYR', 'RM 1,234.50'],
    [0, undefined, 'RM 0.00'],
    [1000000, undefined, 'RM 1,000,000.00'],
    [0.005, undefined, 'RM 0.01'],
    [-50, undefined, 'RM -50.00'],
    [Number.NaN, undefined, 'RM 0.00'],
    ['abc', undefined, 'RM 0.00'],
    [null, undefined, 'RM 0.00'],
    [undefined, undefined, 'RM 0.00'],
    [1234.5, 'USD', 'US$1,234.50'],
    [1234.5, 'EUR', '€1,234.50'],
    ['abc', 'USD', 'US$0.00'],
    [12, 'not-a-code', 'not-a-code 12.00'],
  ])('formats %j in %s as %s', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });
});
