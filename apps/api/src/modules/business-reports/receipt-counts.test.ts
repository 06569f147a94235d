import { addDays } from '@patrol/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { dayStart } from '../../db/column-values';
import { receipts } from '../../db/schema';
import { receiptCounts } from './business-stats.repo';

// The statistics' receipt counts come from the receipts' month and day roll-ups: every receipt,
// and this month's only up to today (a receipt dated later this month, or last month, is not).

const today = '2026-06-15';

describe('the statistics receipt counts', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('count every receipt, and this month the ones paid from its first day to today', async () => {
    const receipt = (n: number, day: string) => ({
      receiptNumber: `RCT-COUNT-${n}`,
      verificationCode: `VERIFY-${n}`,
      paymentDate: dayStart(day),
      totalAmount: '100.00',
      paymentMethod: 'cash' as const,
      transactionType: 'full_payment' as const,
    });
    await database.db
      .insert(receipts)
      .values([
        receipt(1, '2026-05-31'),
        receipt(2, '2026-06-01'),
        receipt(3, today),
        receipt(4, addDays(today, 1)),
      ]);
    expect(await receiptCounts(database.db, today)).toEqual({ total: 4, thisMonth: 2 });
  });
});
