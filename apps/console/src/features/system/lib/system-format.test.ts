import { describe, expect, it } from 'vitest';
import { formatMs, formatPercent, formatPerSecond } from '@/features/system/lib/system-format';

describe('system figures', () => {
  it('reads milliseconds, percentages and rates', () => {
    expect(formatMs(0.44)).toBe('0.4 ms');
    expect(formatMs(1234.4)).toBe('1,234 ms');
    expect(formatMs(null)).toBe('N/A');
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPerSecond(1240)).toBe('1,240.0/s');
  });
});
