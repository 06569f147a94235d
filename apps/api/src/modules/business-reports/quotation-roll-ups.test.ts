import { quotationStatuses } from '@patrol/contracts';
import { reportPeriod } from '@patrol/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { quotations } from '../../db/schema';
import { createTestDatabase } from '../../../test/test-database';
import { countAll, countWhere, onDays, quotationLapsed, sumSen } from './billing-sql';
import { billingDocumentCounts } from './billing-totals.repo';
import { quotationCounts } from './business-stats.repo';
import { quotationPeriodFigures } from './reports.repo';

// The quotation roll-ups (migration 0036): after any sequence of writes, the figures read from
// them equal the same figures computed over the quotations, as billing-sql.ts states them.

const today = '2026-06-15';
const day = fc
  .integer({ min: 0, max: 40 })
  .map((n) => new Date(Date.UTC(2026, 5, 1) + n * 86_400_000));
const quotationRow = fc.record({
  quotationDate: day,
  // Quotations are dated at a time of day too, as `quotation_date defaultNow()` does.
  hour: fc.integer({ min: 0, max: 23 }),
  validUntil: day,
  totalAmount: fc.integer({ min: 0, max: 500_000 }).map((sen) => (sen / 100).toFixed(2)),
  status: fc.constantFrom(...quotationStatuses),
});
type QuotationFields = typeof quotationRow extends fc.Arbitrary<infer T> ? T : never;

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    rows: fc.array(quotationRow, { minLength: 1, maxLength: 6 }),
  }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), fields: quotationRow }),
  fc.record({
    kind: fc.constant('updateMany' as const),
    status: fc.constantFrom(...quotationStatuses),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

let numbered = 0;
const values = (row: QuotationFields) => ({
  quotationDate: new Date(row.quotationDate.getTime() + row.hour * 3_600_000),
  validUntil: row.validUntil,
  totalAmount: row.totalAmount,
  status: row.status,
});

async function apply({ db }: Database, op: Operation) {
  const pickId = async (pick: number) => {
    const ids = await db.select({ id: quotations.id }).from(quotations).orderBy(quotations.id);
    return ids.length ? ids[pick % ids.length]!.id : undefined;
  };
  if (op.kind === 'insert') {
    await db.insert(quotations).values(
      op.rows.map((row) => ({
        ...values(row),
        quotationNumber: `QUO-T-${++numbered}`,
        clientInfo: { companyName: 'Roll-up Guards' },
      })),
    );
  } else if (op.kind === 'updateMany') {
    await db
      .update(quotations)
      .set({ status: op.status })
      .where(sql`${quotations.totalAmount} > 2500`);
  } else {
    const id = await pickId(op.pick);
    if (!id) return;
    const where = sql`${quotations.id} = ${id}`;
    if (op.kind === 'update') await db.update(quotations).set(values(op.fields)).where(where);
    else await db.delete(quotations).where(where);
  }
}

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
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        await database.db.execute(sql`truncate quotations cascade`);
        for (const op of operations) await apply(database, op);
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
