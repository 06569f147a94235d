import { paymentStatuses, paymentValidationStatuses } from '@patrol/contracts';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema';
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
const day = fc
  .integer({ min: 0, max: 40 })
  .map((n) => new Date(Date.UTC(2026, 5, 1) + n * 86_400_000));
const amount = fc.integer({ min: 0, max: 500_000 }).map((sen) => (sen / 100).toFixed(2));
const invoiceRow = fc.record({
  issueDate: day,
  // Invoices are issued at a time of day too, as `issue_date defaultNow()` does.
  issueHour: fc.integer({ min: 0, max: 23 }),
  dueDate: day,
  totalAmount: amount,
  taxAmount: amount,
  paidAmount: amount,
  validatedAmount: amount,
  creditedAmount: amount,
  debitedAmount: amount,
  paymentStatus: fc.constantFrom(...paymentStatuses),
  paymentValidationStatus: fc.constantFrom(...paymentValidationStatuses),
  isVoided: fc.boolean(),
});
type InvoiceRowFields = typeof invoiceRow extends fc.Arbitrary<infer T> ? T : never;

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    rows: fc.array(invoiceRow, { minLength: 1, maxLength: 6 }),
  }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), fields: invoiceRow }),
  fc.record({
    kind: fc.constant('updateMany' as const),
    status: fc.constantFrom(...paymentStatuses),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

let numbered = 0;
const values = (row: InvoiceRowFields) => ({
  totalAmount: row.totalAmount,
  taxAmount: row.taxAmount,
  paidAmount: row.paidAmount,
  validatedAmount: row.validatedAmount,
  creditedAmount: row.creditedAmount,
  debitedAmount: row.debitedAmount,
  paymentStatus: row.paymentStatus,
  paymentValidationStatus: row.paymentValidationStatus,
  isVoided: row.isVoided,
  issueDate: new Date(row.issueDate.getTime() + row.issueHour * 3_600_000),
  dueDate: row.dueDate,
});

async function apply(database: Database, op: Operation) {
  const { db } = database;
  const ids = async () =>
    (await db.select({ id: invoices.id }).from(invoices).orderBy(invoices.id)).map((r) => r.id);
  switch (op.kind) {
    case 'insert':
      await db.insert(invoices).values(
        op.rows.map((row) => ({
          ...values(row),
          invoiceNumber: `INV-T-${++numbered}`,
          clientInfo: { companyName: 'Roll-up Guards' },
        })),
      );
      return;
    case 'update': {
      const all = await ids();
      if (all.length) {
        await db
          .update(invoices)
          .set(values(op.fields))
          .where(sql`${invoices.id} = ${all[op.pick % all.length]}`);
      }
      return;
    }
    case 'updateMany':
      await db
        .update(invoices)
        .set({ paymentStatus: op.status })
        .where(sql`${invoices.totalAmount} > 2500`);
      return;
    case 'delete': {
      const all = await ids();
      if (all.length)
        await db.delete(invoices).where(sql`${invoices.id} = ${all[op.pick % all.length]}`);
    }
  }
}

const rows = async (database: Database, query: SQL) =>
  (await database.db.execute<Record<string, unknown>>(query)).rows;

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
    issue: await rows(
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
    due: await rows(
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
      await rows(
        database,
        sql`select issue_day::text as issue_day, invoices::text, standing::text, paid::text,
          awaiting::text, pending_validation::text, total_amount::text, tax_amount::text,
          paid_amount::text, validated_amount::text, outstanding_amount::text
        from invoice_issue_day_totals order by 1`,
      ),
    ),
    due: nonZero(
      await rows(
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
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        await database.db.execute(sql`truncate invoices cascade`);
        for (const op of operations) await apply(database, op);
        expect(await rollUpsKept(database)).toEqual(await rollUpsFromScratch(database));
        expect(await invoiceFigures(database.db, today)).toEqual(await figuresByScan(database));
      }),
      { numRuns: 12 },
    );
  });
});
