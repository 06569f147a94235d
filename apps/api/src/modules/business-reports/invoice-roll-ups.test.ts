import {
  paymentEntryStatuses,
  paymentMethods,
  paymentStatuses,
  paymentValidationStatuses,
} from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { invoices, paymentEntries } from '../../db/schema';
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

// The invoice roll-ups (migrations 0035 and 0052) against the invoices they sum: after any
// sequence of inserts, updates and deletes, every roll-up row equals a fresh aggregate of the base
// table, to the sen, and the business statistics read from them equal the same figures computed
// by a scan. Likewise the payment entries' roll-ups: the validated payments per day and method,
// and each invoice's latest validated payment date, which the days to pay roll up.

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
  refundedAmount: senAmount,
  // Sent some hours after issue, or not yet.
  sentAfterHours: fc.option(fc.integer({ min: 0, max: 2_000 })),
  // As the payment entries' triggers keep it (the second property below).
  lastValidatedPaymentAt: fc.option(rollUpDay),
  paymentStatus: fc.constantFrom(...paymentStatuses),
  paymentValidationStatus: fc.constantFrom(...paymentValidationStatuses),
  isVoided: fc.boolean(),
});
const writes = rollUpWrites(invoiceRow, fc.constantFrom(...paymentStatuses));

const invoiceTable = {
  table: invoices,
  amount: invoices.totalAmount,
  values: ({
    issueHour,
    sentAfterHours,
    ...row
  }: typeof invoiceRow extends fc.Arbitrary<infer T> ? T : never) => {
    const issueDate = new Date(row.issueDate.getTime() + issueHour * 3_600_000);
    const sentAt =
      sentAfterHours === null ? null : new Date(issueDate.getTime() + sentAfterHours * 3_600_000);
    return { ...row, issueDate, sentAt };
  },
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
    'greatest(total_amount + debited_amount - credited_amount - paid_amount + refunded_amount, 0)',
  );
  const sent = sql.raw('not is_voided and sent_at is not null');
  const collected = sql.raw(
    'not is_voided and total_amount > 0 and validated_amount >= total_amount and last_validated_payment_at is not null',
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
        coalesce(sum(${outstanding}) filter (where not is_voided and ${owing}), 0)::numeric(18,2)::text as outstanding_amount,
        (count(*) filter (where ${sent}))::text as sent,
        trim_scale(coalesce(sum(extract(epoch from sent_at - issue_date)) filter (where ${sent}), 0))::text as send_seconds,
        (count(*) filter (where ${collected}))::text as collected_in_full,
        trim_scale(coalesce(sum(greatest(extract(epoch from last_validated_payment_at - issue_date), 0)) filter (where ${collected}), 0))::text as pay_seconds
      from invoices group by 1 order by 1`,
    ),
    issueDue: await scanRows(
      database,
      sql`select (issue_date at time zone 'UTC')::date::text as issue_day,
        (due_date at time zone 'UTC')::date::text as due_day, count(*)::text as owing,
        (count(*) filter (where payment_status = 'overdue'))::text as stored_overdue
      from invoices where not is_voided and ${owing} group by 1, 2 order by 1, 2`,
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
          paid_amount::text, validated_amount::text, outstanding_amount::text, sent::text,
          trim_scale(send_seconds)::text as send_seconds, collected_in_full::text,
          trim_scale(pay_seconds)::text as pay_seconds
        from invoice_issue_day_totals order by 1`,
      ),
    ),
    issueDue: nonZero(
      await scanRows(
        database,
        sql`select issue_day::text as issue_day, due_day::text as due_day, owing::text,
          stored_overdue::text
        from invoice_owing_issue_due_counts order by 1, 2`,
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

const paymentRow = fc.record({
  invoice: fc.nat(),
  amount: senAmount,
  paymentMethod: fc.constantFrom(...paymentMethods),
  paymentDate: rollUpDay,
  status: fc.constantFrom(...paymentEntryStatuses),
});

/** The payment roll-ups as kept, and as a scan of the payments computes them. */
async function paymentRollUps(database: Database) {
  const dates = sql`select id::text, last_validated_payment_at::text as at from invoices order by 1`;
  return {
    kept: {
      // A day and method whose payments all left keeps a row of zero; both sides leave out days
      // whose validated payments sum to nothing (a payment of RM 0.00 is allowed).
      days: await scanRows(
        database,
        sql`select day::text as day, payment_method, amount::text from payment_day_totals
        where amount <> 0 order by 1, 2`,
      ),
      dates: await scanRows(database, dates),
    },
    fromScratch: {
      days: await scanRows(
        database,
        sql`select (payment_date at time zone 'UTC')::date::text as day, payment_method,
          sum(amount)::numeric(18,2)::text as amount
        from payment_entries where status = 'validated' group by 1, 2 having sum(amount) <> 0
        order by 1, 2`,
      ),
      dates: await scanRows(
        database,
        sql`select i.id::text, (select max(p.payment_date) from payment_entries p
          where p.invoice_id = i.id and p.status = 'validated')::text as at
        from invoices i order by 1`,
      ),
    },
  };
}

describe('payment roll-ups', () => {
  let database: Database;
  let invoiceIds: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const paymentTable = {
    table: paymentEntries,
    amount: paymentEntries.amount,
    values: ({ invoice, ...row }: typeof paymentRow extends fc.Arbitrary<infer T> ? T : never) => ({
      ...row,
      invoiceId: invoiceIds[invoice % invoiceIds.length]!,
    }),
    newRow: (n: number) => ({ referenceNumber: `TRX-${n}` }),
    statusColumn: 'status',
  };

  it('equal the payments they sum, and the invoices collected in full roll up their days', async () => {
    await fc.assert(
      fc.asyncProperty(
        rollUpWrites(paymentRow, fc.constantFrom(...paymentEntryStatuses)),
        async (sequence) => {
          await database.db.execute(sql`truncate invoices cascade`);
          // Collected in full, in part, and an invoice of nothing (never counted as collected).
          const rows = await database.db
            .insert(invoices)
            .values(
              [
                ['100.00', '100.00'],
                ['100.00', '50.00'],
                ['0.00', '0.00'],
              ].map(([totalAmount, validatedAmount], n) => ({
                invoiceNumber: `INV-P-${n}`,
                clientInfo: { companyName: 'Roll-up Guards' },
                issueDate: new Date(Date.UTC(2026, 5, 10 + n, 9)),
                dueDate: new Date(Date.UTC(2026, 6, 10)),
                totalAmount,
                validatedAmount,
              })),
            )
            .returning({ id: invoices.id });
          invoiceIds = rows.map((row) => row.id);
          for (const write of sequence) await applyRollUpWrite(database, paymentTable, write);
          const { kept, fromScratch } = await paymentRollUps(database);
          expect(kept).toEqual(fromScratch);
          expect(await rollUpsKept(database)).toEqual(await rollUpsFromScratch(database));
        },
      ),
      { numRuns: 12 },
    );
  });
});
