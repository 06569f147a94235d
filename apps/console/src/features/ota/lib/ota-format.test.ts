import { describe, expect, it } from 'vitest';
import { formatCheckTime, formatUptime } from '@/features/ota/lib/ota-format';

describe('formatUptime', () => {
  it.each([
    [42, '42s'],
    [423, '7m 3s'],
    [5 * 3600 + 12 * 60, '5h 12m'],
    [3 * 86_400 + 4 * 3600 + 59, '3d 4h'],
    [null, 'N/A'],
    [-1, 'N/A'],
  ])('shows %s seconds as %s', (seconds, expected) => {
    expect(formatUptime(seconds)).toBe(expected);
  });
});

describe('formatCheckTime', () => {
  it('shows the time of day in Malaysian time, or Never', () => {
    expect(formatCheckTime('2026-03-02T06:05:09.000Z')).toBe('14:05:09');
    expect(formatCheckTime(null)).toBe('Never');
  });
});
