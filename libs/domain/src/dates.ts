import { countWithUnit } from './plural';
import { dateFormat } from './date-formats';

/** A point in time as it arrives: a Date, an ISO string, epoch milliseconds, or nothing. */
export type DateInput = Date | string | number | null | undefined;

/**
 * The company works in Malaysia, so calendar questions (which day, which year) are answered in
 * Malaysian time by default; the server and every browser then show the same dates.
 */
export const businessTimeZone = 'Asia/Kuala_Lumpur';

export const minuteMs = 60_000;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;

/** The Date for an input, or null when it is empty or unparseable. */
export function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const date = input instanceof Date ? new Date(input.getTime()) : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateOnlyPattern = /^\d{4}-\d{2}-\d{2}$/;

// A date-only string ('2025-06-19') names a calendar day, not an instant: it parses as UTC
// midnight, so it must also be shown in UTC or it would move to the previous day west of GMT.
function displayTimeZone(input: DateInput, timeZone: string): string {
  return typeof input === 'string' && dateOnlyPattern.test(input.trim()) ? 'UTC' : timeZone;
}

function formatDate(
  input: DateInput,
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string,
): string {
  if (input === null || input === undefined || input === '') return 'N/A';
  const date = toDate(input);
  if (!date) return 'Invalid Date';
  return dateFormat(locale, { ...options, timeZone: displayTimeZone(input, timeZone) }).format(
    date,
  );
}

/** The en-GB short date ('22/11/2026'); 'N/A' when missing, 'Invalid Date' when unparseable. */
export function formatBusinessDate(input: DateInput, timeZone: string = businessTimeZone): string {
  return formatDate(input, 'en-GB', { dateStyle: 'short' }, timeZone);
}

/** The en-GB short date and time ('22/11/2026, 14:05'); 'N/A' / 'Invalid Date' as above. */
export function formatBusinessDateTime(
  input: DateInput,
  timeZone: string = businessTimeZone,
): string {
  return formatDate(input, 'en-GB', { dateStyle: 'short', timeStyle: 'short' }, timeZone);
}

/** The long US date of the version dialog ('June 19, 2025'). */
export function formatLongUsDate(input: DateInput, timeZone: string = businessTimeZone): string {
  return formatDate(input, 'en-US', { dateStyle: 'long' }, timeZone);
}

/**
 * 'Never' for no input, 'Just now' under 60 s (or in the future), then minutes, hours and days
 * ago below 7 days, then the full date and time.
 */
export function relativeTime(
  input: DateInput,
  now: Date,
  timeZone: string = businessTimeZone,
): string {
  if (input === null || input === undefined || input === '') return 'Never';
  const date = toDate(input);
  if (!date) return 'Invalid Date';
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < minuteMs) return 'Just now';
  if (elapsed < hourMs) return `${countWithUnit(Math.floor(elapsed / minuteMs), 'minute')} ago`;
  if (elapsed < dayMs) return `${countWithUnit(Math.floor(elapsed / hourMs), 'hour')} ago`;
  if (elapsed < 7 * dayMs) return `${countWithUnit(Math.floor(elapsed / dayMs), 'day')} ago`;
  return formatBusinessDateTime(date, timeZone);
}

/** The calendar year and month (1-12) of an instant in a time zone. */
export function calendarYearMonth(
  date: Date,
  timeZone: string = businessTimeZone,
): { year: number; month: number } {
  const parts = dateFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(
    date,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  return { year: part('year'), month: part('month') };
}
