import { quotationStatuses } from '@patrol/contracts';
import { reportPeriod } from '@patrol/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { quotations } from '../../db/schema';
import { applyRollUpWrite, rollUpDay, rollUpWrites, senAmount } from '../../../test/roll-up-writes';
import { createTestDatabase } from '../../../test/test-database';
import { countAll, countWhere, onDays, quotationLapsed, sumSen } from './billing-sql';
import { billingDocumentCounts } from './billing-totals.repo';
import { quotationCounts } from './business-stats.repo';
import { quotationPeriodFigures } from './reports.repo';

// The quotation roll-ups (migration 0036): after any sequence of writes, the figures read from
// them equal the same figures computed over the quotations, as billing-sql.ts states them.

const today = '2026-06-15';
const quotationRow = fc.record({
  quotationDate: rollUpDay,
  // Quotations are dated at a time of day too, as `quotation_date defaultNow()` does.
  hour: fc.integer({ min: 0, max: 23 }),
  validUntil: rollUpDay,
  totalAmount: senAmount,
  status: fc.constantFrom(...quotationStatuses),
});
const writes = rollUpWrites(quotationRow, fc.constantFrom(...quotationStatuses));

const quotationTable = {
  table: quotations,
  amount: quotations.totalAmount,
  values: (row: typeof quotationRow extends fc.Arbitrary<infer T> ? T : never) => ({
    quotationDate: new Date(row.quotationDate.getTime() + row.hour * 3_600_000),
    validUntil: row.validUntil,
    totalAmount: row.totalAmount,
    status: row.status,
  }),
  newRow: (n: number) => ({
    quotationNumber: `QUO-T-${n}`,
    clientInfo: { companyName: 'Roll-up Guards' },
  }),
  statusColumn: 'status',
};

async function countsByScan({ db }: Database) {
  const lapsed = quotationLapsed(today);
  const [row] = await db
    .select({
      total: countAll,
      draft: countWhere(sql`${quotations.status} = 'draft' and not ${lapsed}`),
      sent: countWhere(sql`${quotations.status} = 'sent' and not ${lapsed}`),
      accepted: countWhere(sql`${quotations.status} = 'accepted'`),
      expired: countWhere(sql`${quotations.status} = 'expired' or ${lapsed}`),
    })
    .from(quotations);
  return row!;
}

async function periodByScan({ db }: Database, period: { from: string; to: string }) {
  const [row] = await db
    .select({
      total: countAll,
      converted: countWhere(sql`${quotations.status} = 'converted'`),
      valueSen: sumSen(sql`${quotations.totalAmount}`),
    })
    .from(quotations)
    .where(onDays(quotations.quotationDate, period.from, period.to));
  return row!;
}

describe('quotation roll-ups', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('give the counts, the period figures and the total a scan of the quotations gives', async () => {
    const month = reportPeriod('month', today);
    await fc.assert(
      fc.asyncProperty(writes, async (sequence) => {
        await database.db.execute(sql`truncate quotations cascade`);
        for (const write of sequence) await applyRollUpWrite(database, quotationTable, write);
        expect(await quotationCounts(database.db, today)).toEqual(await countsByScan(database));
        expect(await quotationPeriodFigures(database.db, month)).toEqual(
          await periodByScan(database, month),
        );
        expect((await billingDocumentCounts(database.db)).quotations).toBe(
          (await countsByScan(database)).total,
        );
      }),
      { numRuns: 12 },
    );
  });
});
