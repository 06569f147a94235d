import { dateFormat } from './date-formats';
import { businessTimeZone, dayMs } from './dates';

/** A calendar day as 'YYYY-MM-DD' (documents carry days, not instants). */
export type IsoDay = string;

/** The calendar day of an instant in the business time zone ('2026-11-24'). */
export function businessDay(now: Date, timeZone: string = businessTimeZone): IsoDay {
  // en-CA formats as YYYY-MM-DD.
  return dateFormat('en-CA', { timeZone }).format(now);
}

/** The day `days` after `day` (negative for before). */
export function addDays(day: IsoDay, days: number): IsoDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** Days until payment is due under each payment term (spec 3 section 9); 0 is due on issue. */
export const paymentTermDays = {
  NET_15: 15,
  NET_30: 30,
  NET_45: 45,
  NET_60: 60,
  CASH_ON_DELIVERY: 0,
  ADVANCE_PAYMENT: 0,
} as const satisfies Record<string, number>;

/** An invoice's due date: its issue day plus the days of its payment term. */
export function dueDay(issueDay: IsoDay, terms: keyof typeof paymentTermDays): IsoDay {
  return addDays(issueDay, paymentTermDays[terms]);
}

/**
 * The first day of a billing date-range filter (spec 3 section 9), counted back from `today`:
 * today, the last 7 days, this calendar month or this calendar quarter.
 */
export function billingRangeStart(
  range: 'today' | 'week' | 'month' | 'quarter',
  today: IsoDay,
): IsoDay {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthStart = (first: number) => `${year}-${String(first).padStart(2, '0')}-01`;
  switch (range) {
    case 'today':
      return today;
    case 'week':
      return addDays(today, -6);
    case 'month':
      return monthStart(month);
    case 'quarter':
      return monthStart(Math.floor((month - 1) / 3) * 3 + 1);
  }
}

/**
 * The instant a business day starts in the business time zone (Malaysia keeps UTC+8 all year):
 * '2026-11-24' -> 2026-11-23T16:00:00Z. For filtering instants (created at) by calendar day.
 */
export function businessDayStartInstant(day: IsoDay): Date {
  return new Date(`${day}T00:00:00+08:00`);
}
