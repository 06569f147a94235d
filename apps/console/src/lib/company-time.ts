import { defaultCompanyTimeZone } from '@patrol/contracts';
import {
  formatBusinessDate as formatDateIn,
  formatBusinessDateTime as formatDateTimeIn,
  formatLongUsDate as formatLongUsDateIn,
  relativeTime as relativeTimeIn,
  timeZoneLabel,
  toDate,
  type DateInput,
} from '@patrol/domain';
import { useSyncExternalStore } from 'react';

/**
 * The one place the console turns an instant into text. Every time shown is in the company's
 * time zone (Company Settings, Time zone), whatever the browser's zone: `CompanyTimeZoneSync`
 * sets it once the settings are read; until then it is Asia/Kuala_Lumpur, the default.
 */
let companyTimeZone = defaultCompanyTimeZone;
const listeners = new Set<() => void>();

/** Sets the zone every formatter below uses, and re-renders the screens that read it. */
export function setCompanyTimeZone(timeZone: string): void {
  if (timeZone === companyTimeZone) return;
  companyTimeZone = timeZone;
  for (const listener of listeners) listener();
}

export function getCompanyTimeZone(): string {
  return companyTimeZone;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The company's time zone, re-rendering the caller when the settings change it. */
export function useCompanyTimeZone(): string {
  return useSyncExternalStore(subscribe, getCompanyTimeZone, getCompanyTimeZone);
}

/** '22/11/2026' in the company's zone (a 'YYYY-MM-DD' day is shown as that day). */
export function formatBusinessDate(input: DateInput, timeZone = companyTimeZone): string {
  return formatDateIn(input, timeZone);
}

/** '22/11/2026, 14:05' in the company's zone. */
export function formatBusinessDateTime(input: DateInput, timeZone = companyTimeZone): string {
  return formatDateTimeIn(input, timeZone);
}

/** 'June 19, 2025' in the company's zone. */
export function formatLongUsDate(input: DateInput, timeZone = companyTimeZone): string {
  return formatLongUsDateIn(input, timeZone);
}

/** '5 minutes ago' ... then the date and time in the company's zone. */
export function relativeTime(input: DateInput, now: Date, timeZone = companyTimeZone): string {
  return relativeTimeIn(input, now, timeZone);
}

/** A clock time ('14:05:09', or '14:05' without seconds) in the company's zone; null if none. */
export function formatClockTime(
  input: DateInput,
  { seconds = true, timeZone = companyTimeZone }: { seconds?: boolean; timeZone?: string } = {},
): string | null {
  const date = toDate(input);
  if (!date) return null;
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
    timeZone,
  }).format(date);
}

/** The zone as a reader tells it apart: 'Asia/Kuala_Lumpur (GMT+8)'. */
export function companyTimeZoneLabel(at: Date = new Date(), timeZone = companyTimeZone): string {
  return timeZoneLabel(timeZone, at);
}
