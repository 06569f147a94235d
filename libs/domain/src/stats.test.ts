import { describe, expect, it } from 'vitest';
import { percentChange, percentOf, ratio, roundTo } from './stats';

describe('percentChange', () => {
  it.each<[number | null | undefined, number | null | undefined]>([
    [10, null],
    [10, undefined],
    [10, 0],
    [10, Number.NaN],
  ])('is null for current %j and previous %j', (current, previous) => {
    expect(percentChange(current, previous)).toBeNull();
  });

  it.each([
    [112.5, 100, 12.5, '+12.5%', 'up'],
    [97, 100, -3, '-3.0%', 'down'],
    [100, 100, 0, '0.0%', 'stable'],
    [0, 100, -100, '-100.0%', 'down'],
    [30, 10, 200, '+200.0%', 'up'],
    [1, 3, -66.7, '-66.7%', 'down'],
    [2, 3, -33.3, '-33.3%', 'down'],
    [100.04, 100, 0, '0.0%', 'stable'],
    [99.96, 100, 0, '0.0%', 'stable'],
    [-5, -10, 50, '+50.0%', 'up'],
  ])('from %d to %d is %d (%s, %s)', (current, previous, value, text, direction) => {
    expect(percentChange(current, previous)).toEqual({ value, text, direction });
  });

  it('treats a missing current value as 0', () => {
    expect(percentChange(null, 50)?.text).toBe('-100.0%');
  });
});

describe('ratio and percentOf', () => {
  it.each([
    [1, 4, 0.25, 25],
    [5, 0, 0, 0],
    [0, 0, 0, 0],
    [2, 3, 2 / 3, 66.7],
    [Number.NaN, 3, 0, 0],
  ])('%d of %d: ratio %d, percent %d', (part, whole, expectedRatio, expectedPercent) => {
    expect(ratio(part, whole)).toBe(expectedRatio);
    expect(percentOf(part, whole)).toBe(expectedPercent);
  });
});

describe('roundTo', () => {
  it('rounds to one decimal unless told otherwise', () => {
    expect(roundTo(1.26)).toBe(1.3);
    expect(roundTo(3.14159, 2)).toBe(3.14);
    expect(roundTo(7, 0)).toBe(7);
  });
});
