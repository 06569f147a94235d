import { describe, expect, it } from 'vitest';
import {
  addDays,
  billingRangeStart,
  businessDay,
  businessDayStartInstant,
  dueDay,
} from './calendar-days';

describe('calendar days', () => {
  it('takes the day in Malaysian time, which is ahead of UTC', () => {
    expect(businessDay(new Date('2026-11-23T16:30:00Z'))).toBe('2026-11-24');
    expect(businessDay(new Date('2026-11-23T15:59:00Z'))).toBe('2026-11-23');
  });

  it('gives each time zone its own day, whichever was asked for first', () => {
    const instant = new Date('2026-11-23T20:00:00Z');
    expect(businessDay(instant)).toBe('2026-11-24');
    expect(businessDay(instant, 'America/New_York')).toBe('2026-11-23');
    expect(businessDay(instant)).toBe('2026-11-24');
    expect(businessDay(instant, 'America/New_York')).toBe('2026-11-23');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('dates an invoice by its payment term', () => {
    expect(dueDay('2026-11-24', 'NET_30')).toBe('2026-12-24');
    expect(dueDay('2026-11-24', 'NET_15')).toBe('2026-12-09');
    expect(dueDay('2026-11-24', 'CASH_ON_DELIVERY')).toBe('2026-11-24');
  });

  it('starts the billing date ranges at today, 6 days back, the month and the quarter', () => {
    expect(billingRangeStart('today', '2026-11-24')).toBe('2026-11-24');
    expect(billingRangeStart('week', '2026-11-24')).toBe('2026-11-18');
    expect(billingRangeStart('month', '2026-11-24')).toBe('2026-11-01');
    expect(billingRangeStart('quarter', '2026-11-24')).toBe('2026-10-01');
    expect(billingRangeStart('quarter', '2026-03-31')).toBe('2026-01-01');
  });
});

describe('businessDayStartInstant', () => {
  it('starts a day at midnight in Kuala Lumpur, and agrees with businessDay', () => {
    const start = businessDayStartInstant('2026-11-24');
    expect(start.toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(businessDay(start)).toBe('2026-11-24');
    expect(businessDay(new Date(start.getTime() - 1))).toBe('2026-11-23');
  });
});
