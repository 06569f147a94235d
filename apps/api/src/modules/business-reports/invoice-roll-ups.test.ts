import { paymentStatuses, paymentValidationStatuses } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema';
import {
  applyRollUpWrite,
  rollUpDay,
  rollUpWrites,
  scanRows,
  senAmount,
} from '../../../test/roll-up-writes';
import { createTestDatabase } from '../../../test/test-database';
import {
  awaitingPayment,
  countAll,
  countWhere,
  onDays,
  outstandingAmount,
  overdueOn,
  standingInvoice,
  sumSen,
  sumSenWhere,
} from './billing-sql';
import { invoiceFigures } from './business-stats.repo';

// The invoice roll-ups (migration 0035) against the invoices they sum: after any sequence of
// inserts, updates and deletes, every roll-up row equals a fresh aggregate of the base table, to
// the sen, and the business statistics read from them equal the same figures computed by a scan.

const today = '2026-06-15';
const invoiceRow = fc.record({
  issueDate: rollUpDay,
  // Invoices are issued at a time of day too, as `issue_date defaultNow()` does.
  issueHour: fc.integer({ min: 0, max: 23 }),
  dueDate: rollUpDay,
  totalAmount: senAmount,
  taxAmount: senAmount,
  paidAmount: senAmount,
  validatedAmount: senAmount,
  creditedAmount: senAmount,
  debitedAmount: senAmount,
  paymentStatus: fc.constantFrom(...paymentStatuses),
  paymentValidationStatus: fc.constantFrom(...paymentValidationStatuses),
  isVoided: fc.boolean(),
});
const writes = rollUpWrites(invoiceRow, fc.constantFrom(...paymentStatuses));

const invoiceTable = {
  table: invoices,
  values: ({ issueHour, ...row }: typeof invoiceRow extends fc.Arbitrary<infer T> ? T : never) => ({
    ...row,
    issueDate: new Date(row.issueDate.getTime() + issueHour * 3_600_000),
  }),
  newRow: (n: number) => ({
    invoiceNumber: `INV-T-${n}`,
    clientInfo: { companyName: 'Roll-up Guards' },
  }),
  statusColumn: 'paymentStatus',
};

/** The roll-up rows with activity (a day whose invoices all left keeps a row of zeros). */
const nonZero = (list: Record<string, unknown>[]) =>
  list.filter((row) =>
    Object.entries(row).some(([key, value]) => !key.endsWith('_day') && Number(value) !== 0),
  );

async function rollUpsFromScratch(database: Database) {
  const owing = sql.raw(`payment_status in ('unpaid', 'pending', 'partial', 'overdue')`);
  const outstanding = sql.raw(
    'greatest(total_amount + debited_amount - credited_amount - paid_amount, 0)',
  );
  return {
    issue: await scanRows(
      database,
      sql`select (issue_date at time zone 'UTC')::date::text as issue_day, count(*)::text as invoices,
        (count(*) filter (where not is_voided))::text as standing,
        (count(*) filter (where not is_voided and payment_status in ('paid', 'overpaid')))::text as paid,
        (count(*) filter (where not is_voided and ${owing}))::text as awaiting,
        (count(*) filter (where not is_voided and payment_validation_status = 'pending_validation'))::text as pending_validation,
        coalesce(sum(total_amount) filter (where not is_voided), 0)::numeric(18,2)::text as total_amount,
        coalesce(sum(tax_amount) filter (where not is_voided), 0)::numeric(18,2)::text as tax_amount,
        coalesce(sum(paid_amount) filter (where not is_voided), 0)::numeric(18,2)::text as paid_amount,
        coalesce(sum(validated_amount) filter (where not is_voided), 0)::numeric(18,2)::text as validated_amount,
        coalesce(sum(${outstanding}) filter (where not is_voided and ${owing}), 0)::numeric(18,2)::text as outstanding_amount
      from invoices group by 1 order by 1`,
    ),
    due: await scanRows(
      database,
      sql`select (due_date at time zone 'UTC')::date::text as due_day, count(*)::text as owing,
        (count(*) filter (where payment_status = 'overdue'))::text as stored_overdue,
        sum(${outstanding})::numeric(18,2)::text as outstanding_amount
      from invoices where not is_voided and ${owing} group by 1 order by 1`,
    ),
  };
}

async function rollUpsKept(database: Database) {
  return {
    issue: nonZero(
      await scanRows(
        database,
        sql`select issue_day::text as issue_day, invoices::text, standing::text, paid::text,
          awaiting::text, pending_validation::text, total_amount::text, tax_amount::text,
          paid_amount::text, validated_amount::text, outstanding_amount::text
        from invoice_issue_day_totals order by 1`,
      ),
    ),
    due: nonZero(
      await scanRows(
        database,
        sql`select due_day::text as due_day, owing::text, stored_overdue::text, outstanding_amount::text
        from invoice_owing_due_day_totals order by 1`,
      ),
    ),
  };
}

/** The statistics as billing-sql.ts states them over the invoices: what the roll-ups replace. */
async function figuresByScan(database: Database) {
  const issued = (from: string, to: string) =>
    sumSenWhere(sql`${invoices.totalAmount}`, onDays(invoices.issueDate, from, to));
  const [row] = await database.db
    .select({
      total: countAll,
      paid: countWhere(sql`${invoices.paymentStatus} in ('paid', 'overpaid')`),
      awaiting: countWhere(awaitingPayment),
      pendingValidation: countWhere(
        sql`${invoices.paymentValidationStatus} = 'pending_validation'`,
      ),
      overdue: countWhere(overdueOn(today)),
      totalSen: sumSen(sql`${invoices.totalAmount}`),
      taxSen: sumSen(sql`${invoices.taxAmount}`),
      validatedSen: sumSen(sql`${invoices.validatedAmount}`),
      awaitingValidationSen: sumSen(sql`${invoices.paidAmount} - ${invoices.validatedAmount}`),
      outstandingSen: sumSen(outstandingAmount),
      dailySen: issued(today, today),
      weeklySen: issued('2026-06-09', today),
      lastWeekSen: issued('2026-06-02', '2026-06-08'),
      monthlySen: issued('2026-06-01', today),
      yearlySen: issued('2026-01-01', today),
    })
    .from(invoices)
    .where(standingInvoice);
  return row!;
}

describe('invoice roll-ups', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('equal the invoices they sum after any sequence of writes, and so do the statistics', async () => {
    await fc.assert(
      fc.asyncProperty(writes, async (sequence) => {
        await database.db.execute(sql`truncate invoices cascade`);
        for (const write of sequence) await applyRollUpWrite(database, invoiceTable, write);
        expect(await rollUpsKept(database)).toEqual(await rollUpsFromScratch(database));
        expect(await invoiceFigures(database.db, today)).toEqual(await figuresByScan(database));
      }),
      { numRuns: 12 },
    );
  });
});
