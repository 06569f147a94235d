import { formatFileSize } from '@patrol/domain';
import { formatClockTime } from '@/lib/company-time';

/** Formatters of the system screen's figures; an unknown figure reads 'N/A'. */

const notAvailable = 'N/A';

/** Bytes in KB, MB or GB ('47.68 MB'). */
export function formatBytes(bytes: number | null | undefined): string {
  return formatFileSize(bytes);
}

/** A percentage with one decimal ('12.5%'). */
export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return notAvailable;
  return `${value.toFixed(digits)}%`;
}

/** Milliseconds: one decimal under 10 ms ('0.4 ms'), whole above ('42 ms'). */
export function formatMs(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return notAvailable;
  return value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value).toLocaleString('en-MY')} ms`;
}

/** A whole count with thousands separators ('1,204'). */
export function formatCount(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return notAvailable;
  return Math.round(value).toLocaleString('en-MY');
}

/** A rate a second with one decimal ('3.5/s'). */
export function formatPerSecond(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return notAvailable;
  return `${value.toLocaleString('en-MY', { maximumFractionDigits: 1, minimumFractionDigits: 1 })}/s`;
}

/** A clock time in the company's time zone ('14:05:09'). */
export function formatClock(value: string | number | Date | null | undefined): string {
  return formatClockTime(value) ?? notAvailable;
}

/** A percentage of `total` (0 when total is 0 or unknown). */
export function percentOf(part: number, total: number | null | undefined): number {
  if (!total || total <= 0) return 0;
  return (part / total) * 100;
}
