import { addDays, billingRangeStart, type IsoDay } from './calendar-days';

export type ReportRange = 'week' | 'month' | 'quarter' | 'year' | 'custom';

/** The days a report covers, both ends included, and the period of the same length before it. */
export interface ReportPeriod {
  from: IsoDay;
  to: IsoDay;
  previousFrom: IsoDay;
  previousTo: IsoDay;
  /** Days covered, at least 1. */
  days: number;
}

const daysBetween = (from: IsoDay, to: IsoDay) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function rangeStart(range: Exclude<ReportRange, 'custom'>, today: IsoDay): IsoDay {
  // The year is the reports' own; the shorter ranges are the billing lists' date filters.
  return range === 'year' ? `${today.slice(0, 4)}-01-01` : billingRangeStart(range, today);
}

/**
 * The period of a report on `today`: the last 7 days, or the calendar month, quarter or year up
 * to today, or the custom days given. The previous period has the same number of days and ends
 * the day before, so growth compares like with like (month to date against the days before it).
 */
export function reportPeriod(
  range: ReportRange,
  today: IsoDay,
  custom: { dateFrom?: IsoDay; dateTo?: IsoDay } = {},
): ReportPeriod {
  const from = range === 'custom' ? (custom.dateFrom ?? today) : rangeStart(range, today);
  const to = range === 'custom' ? (custom.dateTo ?? today) : today;
  const days = daysBetween(from, to) + 1;
  return { from, to, previousFrom: addDays(from, -days), previousTo: addDays(from, -1), days };
}

/** Average days in a month, for revenue per month over periods of any length. */
const daysPerMonth = 365.25 / 12;

/** How many months a period counts as when revenue is averaged per month: at least one. */
export function periodMonths(days: number): number {
  return Math.max(1, days / daysPerMonth);
}

/** Periods up to this many days are charted by day, longer ones by month. */
export const dailyTrendMaxDays = 62;

/**
 * The buckets a revenue trend of the period shows, in order: each day ('YYYY-MM-DD') up to
 * 62 days, otherwise each month ('YYYY-MM') the period touches.
 */
export function trendBuckets(period: Pick<ReportPeriod, 'from' | 'to' | 'days'>): string[] {
  if (period.days <= dailyTrendMaxDays) {
    return Array.from({ length: period.days }, (_, index) => addDays(period.from, index));
  }
  const months: string[] = [];
  let [year, month] = period.from.split('-').map(Number) as [number, number];
  const last = period.to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}
