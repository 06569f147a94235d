import { addDays, agingBucket, businessDay } from '@patrol/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClient,
  createInvoice,
  createTestContext,
  type TestContext,
} from '../../../test/builders';
import { dayStart } from '../../db/column-values';
import { invoices } from '../../db/schema';
import { agingTotals } from './reports.repo';

// The SQL buckets must agree with the domain's agingBucket at every boundary.
const pastDue = [0, 30, 31, 60, 61, 90, 91];

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

  it('puts each invoice where agingBucket does', async () => {
    const rows = await agingTotals(t.database.db, today);
    const counted = Object.fromEntries(rows.map((row) => [row.bucket, row.count]));
    const expected: Record<string, number> = {};
    for (const days of pastDue) {
      const bucket = agingBucket(addDays(today, -days), new Date(`${today}T00:00:00Z`));
      expected[bucket] = (expected[bucket] ?? 0) + 1;
    }
    expect(counted).toEqual(expected);
    expect(expected).toEqual({ current: 2, thirty: 2, sixty: 2, ninety: 1 });
  });
});
