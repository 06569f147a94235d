import { formatClockTime } from '@/lib/company-time';

/** The time of a check ('14:05:09'), in the company's time zone; 'Never' before the first. */
export function formatCheckTime(input: string | number | Date | null | undefined): string {
  return formatClockTime(input) ?? 'Never';
}
