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
import { agingOfEveryClient, readAging, type AgingSnapshot } from './aging.service';

// The SQL buckets must agree with the domain's agingBucket at every boundary.
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

  it('puts each invoice where agingBucket does', async () => {
    const { buckets } = await agingOfEveryClient(t.database.db, today);
    const counted = Object.fromEntries(
      Object.entries(buckets)
        .filter(([, bucket]) => bucket.count > 0)
        .map(([name, bucket]) => [name, bucket.count]),
    );
    const expected: Record<string, number> = {};
    for (const days of pastDue) {
      const bucket = agingBucket(addDays(today, -days), new Date(`${today}T00:00:00Z`));
      expected[bucket] = (expected[bucket] ?? 0) + 1;
    }
    expect(counted).toEqual(expected);
    expect(expected).toEqual({ current: 2, thirty: 2, sixty: 2, ninety: 1 });
  });

  it('reads the aging again when the held snapshot is of an earlier day', async () => {
    const none = { count: 0, amount: 0 };
    const yesterdays: AgingSnapshot = {
      asOf: addDays(today, -1),
      buckets: { current: none, thirty: none, sixty: none, ninety: none },
      details: [],
    };
    const billingAging = { read: async () => yesterdays, invalidate: () => {} };
    const aging = await readAging({ db: t.database.db, billingAging }, new Date());
    expect(aging.details).toHaveLength(1);
    expect(aging.buckets.ninety.count).toBe(1);
    const heldToday = { ...yesterdays, asOf: today };
    const held = await readAging(
      { db: t.database.db, billingAging: { ...billingAging, read: async () => heldToday } },
      new Date(),
    );
    expect(held).toBe(heldToday);
  });
});
