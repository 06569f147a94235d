import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/**
 * Quotations, invoices and receipts in one round trip: quotations and invoices from their per-day
 * roll-ups (migrations 0036 and 0035), receipts from their per-month counters (migration 0014).
 */
export async function billingDocumentCounts(db: DbExecutor) {
  const result = await db.execute<{ quotations: string; invoices: string; receipts: string }>(sql`
    select (select coalesce(sum(quotations), 0) from quotation_day_totals) as quotations,
           (select coalesce(sum(invoices), 0) from invoice_issue_day_totals) as invoices,
           (select coalesce(sum(receipts), 0) from receipt_month_totals) as receipts`);
  const row = result.rows[0]!;
  return {
    quotations: Number(row.quotations),
    invoices: Number(row.invoices),
    receipts: Number(row.receipts),
  };
}
