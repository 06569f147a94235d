import type { IsoDay } from './calendar-days';
import { dateFormat } from './date-formats';

/** How far a time zone's wall clock is ahead of UTC at an instant, in milliseconds. */
export function timeZoneOffsetMs(at: Date, timeZone: string): number {
  const format = dateFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts = Object.fromEntries(
    format.formatToParts(at).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a calendar day starts in a time zone ('2026-11-24' in Asia/Kuala_Lumpur is
 * 2026-11-23T16:00:00Z; in Europe/London 2026-11-24T00:00:00Z). On a day whose midnight a
 * daylight-saving change skips, the first instant of the day.
 */
export function dayStartInstant(day: IsoDay, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let guess = midnightUtc - timeZoneOffsetMs(new Date(midnightUtc), timeZone);
  // The offset at the guess may differ (a change between the two instants): settle once more.
  guess = midnightUtc - timeZoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/**
 * A zone as a reader tells it apart: its IANA name and its offset at that instant
 * ('Asia/Kuala_Lumpur (GMT+8)', 'Europe/London (GMT)').
 */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  const offset = dateFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `${timeZone} (${offset})` : timeZone;
}
