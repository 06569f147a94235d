import { describe, expect, it } from 'vitest';
import { agingBucket, agingBucketLabels, daysPastDue } from './aging';

const now = new Date('2026-06-15T04:00:00Z');
const day = 86_400_000;
const dueDaysAgo = (days: number) => new Date(now.getTime() - days * day);

describe('agingBucket', () => {
  it.each<[string, Date | string | null, string, string]>([
    ['not yet due', dueDaysAgo(-10), 'current', 'Current'],
    ['due today', now, 'current', 'Current'],
    ['1 day overdue', dueDaysAgo(1), 'thirty', '1-30'],
    ['exactly 30 days overdue', dueDaysAgo(30), 'thirty', '1-30'],
    ['31 days overdue', dueDaysAgo(31), 'sixty', '31-60'],
    ['exactly 60 days overdue', dueDaysAgo(60), 'sixty', '31-60'],
    ['61 days overdue', dueDaysAgo(61), 'ninety', '61+'],
    ['a year overdue', dueDaysAgo(365).toISOString(), 'ninety', '61+'],
    ['no due date', null, 'current', 'Current'],
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
