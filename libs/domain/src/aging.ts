import { dayMs, toDate, type DateInput } from './dates';

export type AgingBucket = 'current' | 'thirty' | 'sixty' | 'ninety';

/** The column headings of the aging report. */
export const agingBucketLabels: Record<AgingBucket, string> = {
  current: '0-30',
  thirty: '30-60',
  sixty: '60-90',
  ninety: '90+',
};

/** Whole days since the due date; 0 or less when not yet due. */
export function daysPastDue(dueDate: Date, now: Date): number {
  return Math.floor((now.getTime() - dueDate.getTime()) / dayMs);
}

/**
 * The aging bucket of an outstanding invoice by whole days past its due date: up to 30 days
 * (including not yet due) is 0-30, 31 to 60 is 30-60, 61 to 90 is 60-90, beyond 90 is 90+.
 * An invoice without a readable due date counts as current.
 */
export function agingBucket(dueDate: DateInput, now: Date): AgingBucket {
  const due = toDate(dueDate);
  if (!due) return 'current';
  const days = daysPastDue(due, now);
  if (days <= 30) return 'current';
  if (days <= 60) return 'thirty';
  if (days <= 90) return 'sixty';
  return 'ninety';
}
