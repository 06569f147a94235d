import { businessTimeZone, toDate } from '@patrol/domain';

/** An uptime in seconds, as '3d 4h', '5h 12m', '7m 3s' or '42s'. */
export function formatUptime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
    return 'N/A';
  }
  const whole = Math.floor(seconds);
  const days = Math.floor(whole / 86_400);
  const hours = Math.floor((whole % 86_400) / 3_600);
  const minutes = Math.floor((whole % 3_600) / 60);
  const rest = whole % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${rest}s`;
  return `${rest}s`;
}

/** The time of a check ('14:05:09'), in the business time zone; 'Never' before the first. */
export function formatCheckTime(input: string | number | Date | null | undefined): string {
  const date = toDate(input);
  if (!date) return 'Never';
  return new Intl.DateTimeFormat('en-GB', {
    timeStyle: 'medium',
    timeZone: businessTimeZone,
  }).format(date);
}
