import { describe, expect, it } from 'vitest';
import { formatCheckTime } from '@/features/ota/lib/ota-format';

describe('formatCheckTime', () => {
  it('shows the time of day in Malaysian time, or Never', () => {
    expect(formatCheckTime('2026-03-02T06:05:09.000Z')).toBe('14:05:09');
    expect(formatCheckTime(null)).toBe('Never');
  });
});
