import { addDays, awaitingPaymentStatuses } from '@patrol/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dayStart } from '../../db/column-values';
import { invoices, quotations } from '../../db/schema';

// SQL fragments shared by the dashboard statistics and the reports, so both read an invoice's
// state the way the lists do (invoices.repo, quotations.repo): what follows from the date is
// decided against the business day, and a voided invoice counts nowhere.

/** The instant a business day starts, as a timestamptz parameter. */
export function dayParam(day: string): SQL {
  return sql`${dayStart(day).toISOString()}::timestamptz`;
}

// Constants of the code, written as literals so the planner can match the partial index
// invoices_owing_idx, whose predicate is this list.
const awaitingList = sql.raw(
  [...awaitingPaymentStatuses, 'overdue'].map((status) => `'${status}'`).join(', '),
);

/** An invoice that stands (a reverted invoice is voided and its number merely stays used). */
export const standingInvoice: SQL = sql`${invoices.isVoided} = false`;

/** Still waiting for money: unpaid, pending or partly paid, or already stored as overdue. */
export const awaitingPayment: SQL = sql`${invoices.paymentStatus} in (${awaitingList})`;

/**
 * What an invoice waiting for money still owes: its total plus debit notes less credit notes,
 * less what was paid and kept after refund notes, never below 0.
 */
export const owedAmount: SQL = sql`greatest(${invoices.totalAmount} + ${invoices.debitedAmount} - ${invoices.creditedAmount} - ${invoices.paidAmount} + ${invoices.refundedAmount}, 0)`;

/** What is still owed on an invoice: `owedAmount` when it waits for money, else 0. */
export const outstandingAmount: SQL = sql`case when ${awaitingPayment} then ${owedAmount} else 0 end`;

/** An invoice that reads as overdue on `today`. */
export function overdueOn(today: string): SQL {
  return sql`(${invoices.paymentStatus} = 'overdue' or (${awaitingPayment} and ${invoices.dueDate} < ${dayParam(today)}))`;
}

/** A draft or sent quotation past its validity, which reads as expired. */
export function quotationLapsed(today: string): SQL {
  return sql`(${quotations.status} in ('draft', 'sent') and ${quotations.validUntil} < ${dayParam(today)})`;
}

/** `column` falls on the days `from` to `to`, both included. */
export function onDays(column: SQL | AnyPgColumn, from: string, to: string): SQL {
  return sql`(${column} >= ${dayParam(from)} and ${column} < ${dayParam(addDays(to, 1))})`;
}

/** A numeric sum in sen, exactly (numeric(14,2) times 100 is whole). */
export function sumSen(expression: SQL): SQL<string> {
  return sql<string>`(coalesce(sum(${expression}), 0) * 100)::bigint::text`;
}

export const countAll = sql<number>`count(*)`.mapWith(Number);

export function countWhere(condition: SQL): SQL<number> {
  return sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
}

export function sumSenWhere(expression: SQL, condition: SQL): SQL<string> {
  return sql<string>`(coalesce(sum(${expression}) filter (where ${condition}), 0) * 100)::bigint::text`;
}
