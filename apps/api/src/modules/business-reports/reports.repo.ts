import { addDays, type ReportPeriod } from '@patrol/domain';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { invoices, paymentEntries, quotationDayTotals, receipts } from '../../db/schema';
import {
  awaitingPayment,
  countAll,
  countWhere,
  dayParam,
  onDays,
  outstandingAmount,
  overdueOn,
  standingInvoice,
  sumSen,
  sumSenWhere,
} from './billing-sql';

// Every query reads only the period's rows through the date indexes (issue, quotation, payment
// dates), except the aging, which reads the invoices still waiting for money.

const average = (expression: SQL, condition: SQL) =>
  sql<string | null>`avg(${expression}) filter (where ${condition})`;

/** The invoices issued in the period and the one before it. */
export async function invoicePeriodFigures(db: DbExecutor, period: ReportPeriod, today: string) {
  const current = onDays(invoices.issueDate, period.from, period.to);
  const previous = onDays(invoices.issueDate, period.previousFrom, period.previousTo);
  const [row] = await db
    .select({
      count: countWhere(current),
      invoicedSen: sumSenWhere(sql`${invoices.totalAmount}`, current),
      taxSen: sumSenWhere(sql`${invoices.taxAmount}`, current),
      // Collected is validated money; what awaits validation is counted apart.
      collectedSen: sumSenWhere(sql`${invoices.validatedAmount}`, current),
      awaitingSen: sumSenWhere(sql`${invoices.paidAmount} - ${invoices.validatedAmount}`, current),
      outstandingSen: sumSenWhere(outstandingAmount, current),
      overdue: countWhere(sql`${current} and ${overdueOn(today)}`),
      activeClients:
        sql<number>`count(distinct ${invoices.clientId}) filter (where ${current})`.mapWith(Number),
      previousInvoicedSen: sumSenWhere(sql`${invoices.totalAmount}`, previous),
      daysToSend: average(
        sql`extract(epoch from (${invoices.sentAt} - ${invoices.issueDate})) / 86400`,
        sql`${current} and ${invoices.sentAt} is not null`,
      ),
    })
    .from(invoices)
    .where(
      sql`${standingInvoice} and ${onDays(invoices.issueDate, period.previousFrom, period.to)}`,
    );
  return row!;
}

/** Clients invoiced in the previous period, and how many of them were invoiced again in this one. */
export async function clientRetention(db: DbExecutor, period: ReportPeriod) {
  const perClient = db
    .select({
      before: sql<boolean>`bool_or(${invoices.issueDate} < ${dayParam(period.from)})`.as('before'),
      again: sql<boolean>`bool_or(${invoices.issueDate} >= ${dayParam(period.from)})`.as('again'),
    })
    .from(invoices)
    .where(
      sql`${standingInvoice} and ${invoices.clientId} is not null and ${onDays(invoices.issueDate, period.previousFrom, period.to)}`,
    )
    .groupBy(invoices.clientId)
    .as('per_client');
  const [row] = await db
    .select({
      previous: countWhere(sql`${perClient.before}`),
      retained: countWhere(sql`${perClient.before} and ${perClient.again}`),
    })
    .from(perClient);
  return { previous: row?.previous ?? 0, retained: row?.retained ?? 0 };
}

/**
 * Days from issue to the last validated payment of the period's invoices collected in full; null
 * when none was, so the report gives no verdict on nothing.
 */
export async function averageDaysToPay(
  db: DbExecutor,
  period: ReportPeriod,
): Promise<number | null> {
  // Per invoice of the period, its last payment through the invoice_id index: never every payment.
  const lastPayment = sql`(select max(${paymentEntries.paymentDate}) from ${paymentEntries} where ${paymentEntries.invoiceId} = ${invoices.id} and ${paymentEntries.status} = 'validated')`;
  const [row] = await db
    .select({
      days: sql<
        string | null
      >`avg(greatest(extract(epoch from (${lastPayment} - ${invoices.issueDate})) / 86400, 0))`,
    })
    .from(invoices)
    .where(
      sql`${standingInvoice} and ${invoices.totalAmount} > 0 and ${invoices.validatedAmount} >= ${invoices.totalAmount} and ${onDays(invoices.issueDate, period.from, period.to)}`,
    );
  return row?.days === null || row?.days === undefined ? null : Number(row.days);
}

/**
 * Invoiced and collected on the period's invoices per issue day or month. The format is a fixed
 * literal, not a parameter, so PostgreSQL can group by the expression.
 */
export async function revenueByIssuePeriod(
  db: DbExecutor,
  period: ReportPeriod,
  unit: 'day' | 'month',
) {
  const format = unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const bucket = sql<string>`to_char(${invoices.issueDate} at time zone 'UTC', ${sql.raw(`'${format}'`)})`;
  return db
    .select({
      period: bucket,
      invoicedSen: sumSen(sql`${invoices.totalAmount}`),
      collectedSen: sumSen(sql`${invoices.validatedAmount}`),
    })
    .from(invoices)
    .where(sql`${standingInvoice} and ${onDays(invoices.issueDate, period.from, period.to)}`)
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
    .where(sql`${days.quotationDay} between ${period.from} and ${period.to}`);
  return row!;
}

/**
 * Validated payments dated in the period, by method (sen as text). No invoice is read: an invoice
 * is voided only by a revert, which is refused while payments are recorded.
 */
export async function paymentsByMethod(db: DbExecutor, period: ReportPeriod) {
  return db
    .select({
      method: paymentEntries.paymentMethod,
      amountSen: sumSen(sql`${paymentEntries.amount}`),
    })
    .from(paymentEntries)
    .where(
      sql`${paymentEntries.status} = 'validated' and ${onDays(paymentEntries.paymentDate, period.from, period.to)}`,
    )
    .groupBy(paymentEntries.paymentMethod)
    .orderBy(desc(sql`sum(${paymentEntries.amount})`));
}

export async function receiptPeriodValueSen(db: DbExecutor, period: ReportPeriod) {
  const [row] = await db
    .select({ valueSen: sumSen(sql`${receipts.totalAmount}`) })
    .from(receipts)
    .where(onDays(receipts.paymentDate, period.from, period.to));
  return row?.valueSen ?? '0';
}

/** A client as the reports group it: the client row when there is one, else the printed name. */
const clientKey = sql`coalesce(${invoices.clientId}::text, ${invoices.clientInfo}->>'companyName')`;
const clientName = sql<string>`max(${invoices.clientInfo}->>'companyName')`;

/** The clients invoiced most in the period. */
export async function topClients(db: DbExecutor, period: ReportPeriod, limit: number) {
  return db
    .select({
      name: clientName,
      revenueSen: sumSen(sql`${invoices.totalAmount}`),
      invoices: countAll,
    })
    .from(invoices)
    .where(sql`${standingInvoice} and ${onDays(invoices.issueDate, period.from, period.to)}`)
    .groupBy(clientKey)
    .orderBy(desc(sql`sum(${invoices.totalAmount})`), clientName)
    .limit(limit);
}

const owing = sql`${standingInvoice} and ${awaitingPayment} and ${outstandingAmount} > 0`;

/**
 * The invoices still owed on `today` with their aging bucket, as a derived table: PostgreSQL
 * cannot group by an expression holding parameters, so the outer queries group by its columns.
 */
function owingInvoices(db: DbExecutor, today: string) {
  // Due dates are day starts, so "at most 30 days past due" is "due on or after today - 30":
  // comparing timestamps costs far less per row than counting days. Aging starts after the due
  // date: an invoice due today or later is current.
  const dueSince = (days: number) => sql`${invoices.dueDate} >= ${dayParam(addDays(today, -days))}`;
  return (
    db
      .select({
        bucket:
          sql<string>`case when ${dueSince(0)} then 'current' when ${dueSince(30)} then 'thirty' when ${dueSince(60)} then 'sixty' else 'ninety' end`.as(
            'bucket',
          ),
        clientId: sql<string | null>`${invoices.clientId}`.as('client_id'),
        // clientKey in two columns (an invoice without a client row goes by its printed name):
        // grouping by a uuid costs less than by its text.
        orphanName: sql<
          string | null
        >`case when ${invoices.clientId} is null then ${invoices.clientInfo}->>'companyName' end`.as(
          'orphan_name',
        ),
        clientName: sql<string>`${invoices.clientInfo}->>'companyName'`.as('client_name'),
        outstanding: sql<string>`${outstandingAmount}`.as('outstanding'),
      })
      .from(invoices)
      .where(owing)
      // A fence: without it PostgreSQL inlines the bucket expression into each outer aggregate.
      .offset(0)
      .as('owing')
  );
}

/**
 * Each owing client's outstanding by bucket, most owed first: one grouped query answering a row
 * per client, never per invoice. The screen asks for the first page; the export, with no page,
 * for every client.
 */
export async function agingByClient(
  db: DbExecutor,
  today: string,
  page?: { limit: number; offset: number },
) {
  const owed = owingInvoices(db, today);
  const bucketColumns = (name: string) => ({
    count: countWhere(sql`${owed.bucket} = ${name}`),
    amountSen: sumSenWhere(sql`${owed.outstanding}`, sql`${owed.bucket} = ${name}`),
  });
  const total = sql`sum(${owed.outstanding})`;
  const name = sql<string>`max(${owed.clientName})`;
  const query = db
    .select({
      name,
      totalSen: sumSen(sql`${owed.outstanding}`),
      current: bucketColumns('current'),
      thirty: bucketColumns('thirty'),
      sixty: bucketColumns('sixty'),
      ninety: bucketColumns('ninety'),
    })
    .from(owed)
    .groupBy(owed.clientId, owed.orphanName)
    .orderBy(desc(total), name, sql`coalesce(${owed.clientId}::text, ${owed.orphanName})`)
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}
