import { describe, expect, it } from 'vitest';
import {
  calendarYearMonth,
  formatBusinessDate,
  formatBusinessDateTime,
  formatLongUsDate,
  relativeTime,
  toDate,
} from './dates';

const now = new Date('2026-11-22T06:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

describe('relativeTime', () => {
  it.each<[string, Date | string | null | undefined, string]>([
    ['no input', null, 'Never'],
    ['undefined', undefined, 'Never'],
    ['an empty string', '', 'Never'],
    ['an unparseable string', 'yesterday-ish', 'Invalid Date'],
    ['this instant', now, 'Just now'],
    ['59 s ago', ago(59 * second), 'Just now'],
    ['the future', ago(-5 * minute), 'Just now'],
    ['exactly 60 s ago', ago(minute), '1 minute ago'],
    ['59 min 59 s ago', ago(hour - second), '59 minutes ago'],
    ['exactly 1 h ago', ago(hour), '1 hour ago'],
    ['23 h 59 min ago', ago(day - minute), '23 hours ago'],
    ['exactly 24 h ago', ago(day), '1 day ago'],
    ['an ISO string 3 days ago', ago(3 * day).toISOString(), '3 days ago'],
    ['just under 7 days ago', ago(7 * day - second), '6 days ago'],
    ['exactly 7 days ago', ago(7 * day), '15/11/2026, 14:00'],
  ])('reads %s as %j', (_name, input, expected) => {
    expect(relativeTime(input, now)).toBe(expected);
  });

  it('writes the full date in the given time zone', () => {
    expect(relativeTime(ago(30 * day), now, 'UTC')).toBe('23/10/2026, 06:00');
  });
});

describe('formatBusinessDate', () => {
  it.each<[Date | string | number | null, string]>([
    [new Date('2026-11-22T06:00:00Z'), '22/11/2026'],
    // 20:00 UTC is already the next day in Malaysia.
    ['2026-11-21T20:00:00Z', '22/11/2026'],
    ['2026-11-22', '22/11/2026'],
    [Date.UTC(2026, 0, 5), '05/01/2026'],
    [null, 'N/A'],
    ['not a date', 'Invalid Date'],
  ])('formats %j as %s', (input, expected) => {
    expect(formatBusinessDate(input)).toBe(expected);
  });

  it('keeps a date-only string on its day in any time zone', () => {
    expect(formatBusinessDate('2026-11-22', 'America/Los_Angeles')).toBe('22/11/2026');
    expect(formatBusinessDate('2026-11-22T06:00:00Z', 'America/Los_Angeles')).toBe('21/11/2026');
  });

  it('adds the time in formatBusinessDateTime', () => {
    expect(formatBusinessDateTime('2026-11-22T06:05:00Z')).toBe('22/11/2026, 14:05');
  });
});

describe('formatLongUsDate', () => {
  it.each<[string, string | undefined, string]>([
    ['2025-06-19', undefined, 'June 19, 2025'],
    ['2025-06-19', 'America/New_York', 'June 19, 2025'],
    ['2025-06-18T17:00:00Z', undefined, 'June 19, 2025'],
    ['', undefined, 'N/A'],
  ])('formats %j (zone %s) as %s', (input, zone, expected) => {
    expect(formatLongUsDate(input, zone)).toBe(expected);
  });
});

describe('toDate and calendarYearMonth', () => {
  it('copies a Date rather than returning it', () => {
    const original = new Date(now);
    expect(toDate(original)).not.toBe(original);
    expect(toDate(original)?.getTime()).toBe(original.getTime());
  });

  it.each([
    ['2026-12-31T15:59:59Z', 'Asia/Kuala_Lumpur', { year: 2026, month: 12 }],
    ['2026-12-31T16:00:00Z', 'Asia/Kuala_Lumpur', { year: 2027, month: 1 }],
    ['2026-12-31T16:00:00Z', 'UTC', { year: 2026, month: 12 }],
  ])('places %s in %s at %j', (iso, zone, expected) => {
    expect(calendarYearMonth(new Date(iso), zone)).toEqual(expected);
  });
});
