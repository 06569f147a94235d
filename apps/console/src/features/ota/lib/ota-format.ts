import { businessTimeZone, toDate } from '@patrol/domain';

/** The time of a check ('14:05:09'), in the business time zone; 'Never' before the first. */
export function formatCheckTime(input: string | number | Date | null | undefined): string {
  const date = toDate(input);
  if (!date) return 'Never';
  return new Intl.DateTimeFormat('en-GB', {
    timeStyle: 'medium',
    timeZone: businessTimeZone,
  }).format(date);
}
