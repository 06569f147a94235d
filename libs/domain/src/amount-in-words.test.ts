import { describe, expect, it } from 'vitest';
import { amountInWords, wholeNumberInWords } from './amount-in-words';

describe('amountInWords', () => {
  it('writes ringgit and sen as a Malaysian invoice does', () => {
    expect(amountInWords(1234.56)).toBe(
      'Ringgit Malaysia One Thousand Two Hundred Thirty-Four and Sen Fifty-Six Only',
    );
  });

  it('leaves out the sen when there are none', () => {
    expect(amountInWords(100)).toBe('Ringgit Malaysia One Hundred Only');
    expect(amountInWords('2000.00')).toBe('Ringgit Malaysia Two Thousand Only');
  });

  it('writes zero ringgit and sen alone', () => {
    expect(amountInWords(0)).toBe('Ringgit Malaysia Zero Only');
    expect(amountInWords(0.5)).toBe('Ringgit Malaysia Zero and Sen Fifty Only');
    expect(amountInWords(0.01)).toBe('Ringgit Malaysia Zero and Sen One Only');
  });

  it('rounds half-up to the sen first', () => {
    expect(amountInWords('10.005')).toBe('Ringgit Malaysia Ten and Sen One Only');
    expect(amountInWords(19.999)).toBe('Ringgit Malaysia Twenty Only');
  });

  it('reads numeric column text', () => {
    expect(amountInWords('1015.10')).toBe('Ringgit Malaysia One Thousand Fifteen and Sen Ten Only');
  });

  it('marks a negative amount', () => {
    expect(amountInWords(-12.3)).toBe('Minus Ringgit Malaysia Twelve and Sen Thirty Only');
  });

  it('refuses what is not an amount', () => {
    expect(() => amountInWords('abc')).toThrow(RangeError);
  });
});

describe('wholeNumberInWords', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [13, 'Thirteen'],
    [20, 'Twenty'],
    [21, 'Twenty-One'],
    [99, 'Ninety-Nine'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [110, 'One Hundred Ten'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1000, 'One Thousand'],
    [1001, 'One Thousand One'],
    [10_500, 'Ten Thousand Five Hundred'],
    [1_000_000, 'One Million'],
    [1_000_001, 'One Million One'],
    [12_345_678, 'Twelve Million Three Hundred Forty-Five Thousand Six Hundred Seventy-Eight'],
    [2_000_000_000, 'Two Billion'],
    [3_000_000_000_000, 'Three Trillion'],
  ])('%i is %s', (value, words) => {
    expect(wholeNumberInWords(value)).toBe(words);
  });

  it('skips empty groups', () => {
    expect(wholeNumberInWords(1_000_000_100)).toBe('One Billion One Hundred');
  });

  it('refuses fractions, negatives and numbers past its scales', () => {
    expect(() => wholeNumberInWords(1.5)).toThrow(RangeError);
    expect(() => wholeNumberInWords(-1)).toThrow(RangeError);
    expect(() => wholeNumberInWords(1e15)).toThrow(RangeError);
  });
});
