import type { ReportPeriod } from '@patrol/domain';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import {
  clientInvoiceDays,
  invoiceIssueDayTotals,
  invoiceOwingIssueDueCounts,
  paymentDayTotals,
  quotationDayTotals,
  receiptDayTotals,
} from '../../db/schema';
import { countWhere, sumSen, sumSenWhere } from './billing-sql';

// The sums come from the per-day roll-ups the billing tables' triggers keep, a row per day; the
// per-client figures from the roll-ups per client (top-clients.repo.ts for the clients invoiced
// most).

/** A period's days in a per-day roll-up's day column. */
const daysOf = (column: AnyPgColumn, from: string, to: string) =>
  sql`${column} between ${from} and ${to}`;

/** Seconds summed per item counted, in days, over the rows meeting `condition`; null for none. */
const averageDays = (seconds: AnyPgColumn, count: AnyPgColumn, condition: SQL) =>
  sql<
    string | null
  >`sum(${seconds}) filter (where ${condition}) / nullif(sum(${count}) filter (where ${condition}), 0) / 86400`;

/**
 * The invoices issued in the period and the one before it, from the per-issue-day roll-ups the
 * invoices' triggers keep (migrations 0035 and 0052): a row per day, never an invoice.
 */
export async function invoicePeriodFigures(db: DbExecutor, period: ReportPeriod, today: string) {
  const days = invoiceIssueDayTotals;
  const current = daysOf(days.issueDay, period.from, period.to);
  const sen = (column: AnyPgColumn) => sumSenWhere(sql`${column}`, current);
  const owing = invoiceOwingIssueDueCounts;
  const [[row], [overdue]] = await Promise.all([
    db
      .select({
        count: sql<number>`coalesce(sum(${days.standing}) filter (where ${current}), 0)`.mapWith(
          Number,
        ),
        invoicedSen: sen(days.totalAmount),
        taxSen: sen(days.taxAmount),
        // Collected is validated money; what awaits validation is counted apart.
        collectedSen: sen(days.validatedAmount),
        awaitingSen: sumSenWhere(sql`${days.paidAmount} - ${days.validatedAmount}`, current),
        outstandingSen: sen(days.outstandingAmount),
        previousInvoicedSen: sumSenWhere(
          sql`${days.totalAmount}`,
          daysOf(days.issueDay, period.previousFrom, period.previousTo),
        ),
        daysToSend: averageDays(days.sendSeconds, days.sent, current),
        // Days from issue to the last validated payment of the invoices collected in full.
        daysToPay: averageDays(days.paySeconds, days.collectedInFull, current),
      })
      .from(days)
      .where(daysOf(days.issueDay, period.previousFrom, period.to)),
    // Overdue on `today`: owing and due before it, or stored as overdue whatever the due date.
    db
      .select({
        count:
          sql<number>`coalesce(sum(case when ${owing.dueDay} < ${today} then ${owing.owing} else ${owing.storedOverdue} end), 0)`.mapWith(
            Number,
          ),
      })
      .from(owing)
      .where(daysOf(owing.issueDay, period.from, period.to)),
  ]);
  return { ...row!, overdue: overdue?.count ?? 0 };
}

/**
 * Invoiced and collected on the period's invoices per issue day or month, from the issue-day
 * roll-up. The format is a fixed literal, not a parameter, so PostgreSQL can group by the
 * expression.
 */
export async function revenueByIssuePeriod(
  db: DbExecutor,
  period: ReportPeriod,
  unit: 'day' | 'month',
) {
  const days = invoiceIssueDayTotals;
  const format = unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const bucket = sql<string>`to_char(${days.issueDay}, ${sql.raw(`'${format}'`)})`;
  return db
    .select({
      period: bucket,
      invoicedSen: sumSen(sql`${days.totalAmount}`),
      collectedSen: sumSen(sql`${days.validatedAmount}`),
    })
    .from(days)
    .where(daysOf(days.issueDay, period.from, period.to))
    .groupBy(bucket);
}

/**
 * The quotations dated in the period: how many, how many converted, and their value, from the
 * per-day roll-ups the quotations' triggers keep (migration 0036).
 */
export async function quotationPeriodFigures(db: DbExecutor, period: ReportPeriod) {
  const days = quotationDayTotals;
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${days.quotations}), 0)`.mapWith(Number),
      converted: sql<number>`coalesce(sum(${days.converted}), 0)`.mapWith(Number),
      valueSen: sumSen(sql`${days.totalAmount}`),
    })
    .from(days)
    .where(daysOf(days.quotationDay, period.from, period.to));
  return row!;
}

/**
 * Validated payments dated in the period, by method (sen as text), from the per-day roll-up the
 * payment entries' triggers keep (migration 0052). No invoice is read: an invoice is voided only
 * by a revert, which is refused while payments are recorded.
 */
export async function paymentsByMethod(db: DbExecutor, period: ReportPeriod) {
  const days = paymentDayTotals;
  return db
    .select({ method: days.paymentMethod, amountSen: sumSen(sql`${days.amount}`) })
    .from(days)
    .where(daysOf(days.day, period.from, period.to))
    .groupBy(days.paymentMethod)
    .having(sql`sum(${days.amount}) <> 0`)
    .orderBy(desc(sql`sum(${days.amount})`));
}

export async function receiptPeriodValueSen(db: DbExecutor, period: ReportPeriod) {
  const days = receiptDayTotals;
  const [row] = await db
    .select({ valueSen: sumSen(sql`${days.totalAmount}`) })
    .from(days)
    .where(daysOf(days.day, period.from, period.to));
  return row?.valueSen ?? '0';
}

/**
 * Clients on file invoiced in the period (active), in the period before it (previous), and in
 * both (retained): an overlap test of each client's invoiced days (client_invoice_days, kept by
 * the invoices' triggers, migration 0057) with each period.
 */
export async function clientPeriodCounts(db: DbExecutor, period: ReportPeriod) {
  const days = clientInvoiceDays;
  const within = (from: string, to: string) =>
    sql<boolean>`${days.days} && daterange(${from}::date, ${to}::date, '[]')`;
  // Each test once per client: OFFSET 0 keeps PostgreSQL from copying them into every count.
  const perClient = db
    .select({
      now: within(period.from, period.to).as('now'),
      before: within(period.previousFrom, period.previousTo).as('before'),
    })
    .from(days)
    .offset(0)
    .as('per_client');
  const [row] = await db
    .select({
      active: countWhere(sql`${perClient.now}`),
      previous: countWhere(sql`${perClient.before}`),
      retained: countWhere(sql`${perClient.now} and ${perClient.before}`),
    })
    .from(perClient);
  return { active: row?.active ?? 0, previous: row?.previous ?? 0, retained: row?.retained ?? 0 };
}
