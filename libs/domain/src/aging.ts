import { dayMs, toDate, type DateInput } from './dates';

export type AgingBucket = 'current' | 'thirty' | 'sixty' | 'ninety';

/** The column headings of the aging report. */
export const agingBucketLabels: Record<AgingBucket, string> = {
  current: 'Current',
  thirty: '1-30',
  sixty: '31-60',
  ninety: '61+',
};

/** Whole days since the due date; 0 or less when not yet due. */
export function daysPastDue(dueDate: Date, now: Date): number {
  return Math.floor((now.getTime() - dueDate.getTime()) / dayMs);
}

/**
 * The aging bucket of an outstanding invoice by whole days past its due date, counted from the
 * day after it: not yet due (due today included) is current, 1 to 30 days past due is 1-30,
 * 31 to 60 is 31-60, beyond is 61+. An invoice without a readable due date counts as current.
 */
export function agingBucket(dueDate: DateInput, now: Date): AgingBucket {
  const due = toDate(dueDate);
  if (!due) return 'current';
  const days = daysPastDue(due, now);
  if (days <= 0) return 'current';
  if (days <= 30) return 'thirty';
  if (days <= 60) return 'sixty';
  return 'ninety';
}
