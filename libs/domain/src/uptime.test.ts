import { describe, expect, it } from 'vitest';
import { formatUptime } from './uptime';

describe('formatUptime', () => {
  it.each([
    [42, '42s'],
    [125, '2m 5s'],
    [423, '7m 3s'],
    [5 * 3600 + 12 * 60 + 9, '5h 12m'],
    [3 * 86_400 + 4 * 3600 + 59, '3d 4h'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    [-1, 'N/A'],
    [Number.NaN, 'N/A'],
  ])('shows %s seconds as %s', (seconds, expected) => {
    expect(formatUptime(seconds)).toBe(expected);
  });
});
