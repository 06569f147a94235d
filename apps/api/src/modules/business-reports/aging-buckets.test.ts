import { addDays, agingBucket, businessDay } from '@patrol/domain';
import { eq } from 'drizzle-orm';
import type { AgingBuckets } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClient,
  createInvoice,
  createTestContext,
  type TestContext,
} from '../../../test/builders';
import { dayStart } from '../../db/column-values';
import { invoices } from '../../db/schema';
import { agingOnScreen } from './aging.service';

// The SQL buckets must agree with the domain's agingBucket at every boundary, both the totals (from
// the due-day roll-up) and a client's split (from its invoices).
const pastDue = [-5, 0, 1, 30, 31, 60, 61];

describe('aging buckets in SQL', () => {
  let t: TestContext;
  const today = businessDay(new Date());
  beforeAll(async () => {
    t = await createTestContext();
    const admin = await t.signIn('Admin');
    const clientId = (await buildClient(t)).id;
    for (const days of pastDue) {
      const invoice = await createInvoice(t, admin, clientId);
      await t.database.db
        .update(invoices)
        .set({ dueDate: dayStart(addDays(today, -days)) })
        .where(eq(invoices.id, invoice.id));
    }
  });
  afterAll(() => t.close());

  const countsOf = (buckets: AgingBuckets) =>
    Object.fromEntries(
      Object.entries(buckets)
        .filter(([, bucket]) => bucket.count > 0)
        .map(([name, bucket]) => [name, bucket.count]),
    );

  it('puts each invoice where agingBucket does', async () => {
    const expected: Record<string, number> = {};
    for (const days of pastDue) {
      const bucket = agingBucket(addDays(today, -days), new Date(`${today}T00:00:00Z`));
      expected[bucket] = (expected[bucket] ?? 0) + 1;
    }
    expect(expected).toEqual({ current: 2, thirty: 2, sixty: 2, ninety: 1 });

    const { buckets, details } = await agingOnScreen(t.database.db, today);
    expect(countsOf(buckets)).toEqual(expected);
    expect(details).toHaveLength(1);
    expect(countsOf(details[0]!.buckets)).toEqual(expected);
  });
});
