import { addDays, billingRangeStart, reportPeriod } from '@patrol/domain';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  invoiceIssueDayTotals,
  invoiceOwingDueDayTotals,
  invoices,
  products,
  quotationDayTotals,
  quotationOpenValidDayTotals,
  quotations,
  receiptDayTotals,
  receiptMonthTotals,
  receipts,
} from '../../db/schema';
import { countAll, countWhere, standingInvoice } from './billing-sql';

export async function productCounts(db: DbExecutor) {
  const [row] = await db
    .select({ total: countAll, active: countWhere(sql`${products.active}`) })
    .from(products);
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

/**
 * Quotations by the status they read as on `today` (drafts and sent past validity: expired), from
 * the roll-ups the quotations' triggers keep (migration 0036).
 */
export async function quotationCounts(db: DbExecutor, today: string) {
  const days = quotationDayTotals;
  const open = quotationOpenValidDayTotals;
  const sum = (value: SQL) => sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number);
  const openWhere = (condition: SQL) =>
    sql<number>`coalesce(sum(${open.quotations}) filter (where ${condition}), 0)`.mapWith(Number);
  const [[stored], [byValidity]] = await Promise.all([
    db
      .select({
        total: sum(sql`${days.quotations}`),
        accepted: sum(sql`${days.accepted}`),
        expired: sum(sql`${days.expired}`),
      })
      .from(days),
    db
      .select({
        draft: openWhere(sql`${open.status} = 'draft' and ${open.validDay} >= ${today}`),
        sent: openWhere(sql`${open.status} = 'sent' and ${open.validDay} >= ${today}`),
        lapsed: openWhere(sql`${open.validDay} < ${today}`),
      })
      .from(open),
  ]);
  return {
    total: stored?.total ?? 0,
    draft: byValidity?.draft ?? 0,
    sent: byValidity?.sent ?? 0,
    accepted: stored?.accepted ?? 0,
    expired: (stored?.expired ?? 0) + (byValidity?.lapsed ?? 0),
  };
}

/**
 * Counts and sums (in sen, as text) over the invoices that stand, as they read on `today`: from
 * the per-day roll-ups the invoices' triggers keep (migration 0035), a row per day, never an
 * invoice. billing-sql.ts states the same rules over the invoices themselves.
 */
export async function invoiceFigures(db: DbExecutor, today: string) {
  const days = invoiceIssueDayTotals;
  const issued = (from: string, to: string) =>
    sql<string>`(coalesce(sum(${days.totalAmount}) filter (where ${days.issueDay} between ${from} and ${to}), 0) * 100)::bigint::text`;
  const sen = (column: AnyPgColumn) =>
    sql<string>`(coalesce(sum(${column}), 0) * 100)::bigint::text`;
  const count = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const lastSevenDays = billingRangeStart('week', today);
  const month = reportPeriod('month', today);
  const year = reportPeriod('year', today);
  const due = invoiceOwingDueDayTotals;
  const [[row], [owing]] = await Promise.all([
    db
      .select({
        total: count(days.standing),
        paid: count(days.paid),
        awaiting: count(days.awaiting),
        pendingValidation: count(days.pendingValidation),
        totalSen: sen(days.totalAmount),
        taxSen: sen(days.taxAmount),
        // Collected is validated money; recorded and not yet validated is awaiting validation.
        validatedSen: sen(days.validatedAmount),
        awaitingValidationSen: sql<string>`(coalesce(sum(${days.paidAmount} - ${days.validatedAmount}), 0) * 100)::bigint::text`,
        outstandingSen: sen(days.outstandingAmount),
        dailySen: issued(today, today),
        weeklySen: issued(lastSevenDays, today),
        lastWeekSen: issued(addDays(lastSevenDays, -7), addDays(lastSevenDays, -1)),
        monthlySen: issued(month.from, today),
        yearlySen: issued(year.from, today),
      })
      .from(days),
    // Overdue on `today`: owing and due before it, or stored as overdue whatever the due date.
    db
      .select({
        overdue:
          sql<number>`coalesce(sum(case when ${due.dueDay} < ${today} then ${due.owing} else ${due.storedOverdue} end), 0)`.mapWith(
            Number,
          ),
      })
      .from(due),
  ]);
  return { ...row!, overdue: owing?.overdue ?? 0 };
}

/**
 * Every receipt, and those paid this month up to `today`, from the roll-ups the receipts'
 * triggers keep (migrations 0014 and 0043): a row per month and a row per day and method.
 */
export async function receiptCounts(db: DbExecutor, today: string) {
  const month = reportPeriod('month', today);
  const days = receiptDayTotals;
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${receiptMonthTotals.receipts}), 0)`.mapWith(Number),
      thisMonth: sql<number>`(select coalesce(sum(${days.receipts}), 0) from ${days}
        where ${days.day} between ${month.from} and ${today})`.mapWith(Number),
    })
    .from(receiptMonthTotals);
  return { total: row?.total ?? 0, thisMonth: row?.thisMonth ?? 0 };
}

/** The newest documents of each kind, by the creation index. */
export async function recentDocuments(db: DbExecutor, limit: number) {
  const [recentQuotations, recentInvoices, recentReceipts] = await Promise.all([
    db
      .select({
        id: quotations.id,
        quotationNumber: quotations.quotationNumber,
        clientInfo: quotations.clientInfo,
        totalAmount: quotations.totalAmount,
        status: quotations.status,
        validUntil: quotations.validUntil,
        createdAt: quotations.createdAt,
      })
      .from(quotations)
      .orderBy(desc(quotations.createdAt), desc(quotations.id))
      .limit(limit),
    db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        clientInfo: invoices.clientInfo,
        totalAmount: invoices.totalAmount,
        paymentStatus: invoices.paymentStatus,
        isVoided: invoices.isVoided,
        dueDate: invoices.dueDate,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .where(standingInvoice)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit),
    db
      .select({
        id: receipts.id,
        receiptNumber: receipts.receiptNumber,
        clientInfo: receipts.clientInfo,
        totalAmount: receipts.totalAmount,
        paymentMethod: receipts.paymentMethod,
        createdAt: receipts.createdAt,
      })
      .from(receipts)
      .orderBy(desc(receipts.createdAt), desc(receipts.id))
      .limit(limit),
  ]);
  return { recentQuotations, recentInvoices, recentReceipts };
}
