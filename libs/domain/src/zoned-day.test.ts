import { describe, expect, it } from 'vitest';
import { dayStartInstant, timeZoneLabel, timeZoneOffsetMs } from './zoned-day';

describe('dayStartInstant', () => {
  it('starts a Malaysian day at 16:00 UTC the day before', () => {
    expect(dayStartInstant('2026-11-24', 'Asia/Kuala_Lumpur').toISOString()).toBe(
      '2026-11-23T16:00:00.000Z',
    );
  });

  it('follows daylight saving time', () => {
    expect(dayStartInstant('2026-07-01', 'Europe/London').toISOString()).toBe(
      '2026-06-30T23:00:00.000Z',
    );
    expect(dayStartInstant('2026-12-01', 'Europe/London').toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    expect(dayStartInstant('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
  });

  it('handles zones ahead of and behind UTC and UTC itself', () => {
    expect(dayStartInstant('2026-01-01', 'Pacific/Auckland').toISOString()).toBe(
      '2025-12-31T11:00:00.000Z',
    );
    expect(dayStartInstant('2026-01-01', 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('timeZoneOffsetMs', () => {
  it('is eight hours in Kuala Lumpur all year', () => {
    expect(timeZoneOffsetMs(new Date('2026-01-15T00:00:00Z'), 'Asia/Kuala_Lumpur')).toBe(
      8 * 3_600_000,
    );
    expect(timeZoneOffsetMs(new Date('2026-07-15T00:00:00Z'), 'Asia/Kuala_Lumpur')).toBe(
      8 * 3_600_000,
    );
  });
});

describe('timeZoneLabel', () => {
  it('names the zone with its offset at the instant', () => {
    expect(timeZoneLabel('Asia/Kuala_Lumpur', new Date('2026-11-27T00:00:00Z'))).toBe(
      'Asia/Kuala_Lumpur (GMT+8)',
    );
    expect(timeZoneLabel('Europe/London', new Date('2026-07-01T00:00:00Z'))).toBe(
      'Europe/London (GMT+1)',
    );
  });
});
