import { describe, expect, it } from 'vitest';
import {
  formatMs,
  formatPercent,
  formatPerSecond,
  formatUptime,
} from '@/features/system/lib/system-format';

describe('system figures', () => {
  it.each([
    [45, '45s'],
    [125, '2m 5s'],
    [5 * 3600 + 12 * 60 + 9, '5h 12m'],
    [3 * 86_400 + 4 * 3600, '3d 4h'],
    [-1, 'N/A'],
  ])('uptime %s s reads %s', (seconds, text) => {
    expect(formatUptime(seconds)).toBe(text);
  });

  it('reads milliseconds, percentages and rates', () => {
    expect(formatMs(0.44)).toBe('0.4 ms');
    expect(formatMs(1234.4)).toBe('1,234 ms');
    expect(formatMs(null)).toBe('N/A');
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPerSecond(1240)).toBe('1,240.0/s');
  });
});
