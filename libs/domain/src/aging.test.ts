import { describe, expect, it } from 'vitest';
import { agingBucket, agingBucketLabels, daysPastDue } from './aging';

const now = new Date('2026-06-15T04:00:00Z');
const day = 86_400_000;
const dueDaysAgo = (days: number) => new Date(now.getTime() - days * day);

describe('agingBucket', () => {
  it.each<[string, Date | string | null, string, string]>([
    ['not yet due', dueDaysAgo(-10), 'current', '0-30'],
    ['due today', now, 'current', '0-30'],
    ['exactly 30 days overdue', dueDaysAgo(30), 'current', '0-30'],
    ['31 days overdue', dueDaysAgo(31), 'thirty', '30-60'],
    ['exactly 60 days overdue', dueDaysAgo(60), 'thirty', '30-60'],
    ['61 days overdue', dueDaysAgo(61), 'sixty', '60-90'],
    ['exactly 90 days overdue', dueDaysAgo(90), 'sixty', '60-90'],
    ['91 days overdue', dueDaysAgo(91), 'ninety', '90+'],
    ['a year overdue', dueDaysAgo(365).toISOString(), 'ninety', '90+'],
    ['no due date', null, 'current', '0-30'],
  ])('%s is %s (%s)', (_name, dueDate, bucket, label) => {
    const result = agingBucket(dueDate, now);
    expect(result).toBe(bucket);
    expect(agingBucketLabels[result]).toBe(label);
  });

  it.each([
    [dueDaysAgo(5), 5],
    [new Date(dueDaysAgo(5).getTime() + 1), 4],
    [dueDaysAgo(-3), -3],
  ])('counts whole days past due for %s', (due, days) => {
    expect(daysPastDue(due, now)).toBe(days);
  });
});
