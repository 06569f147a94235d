import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { BillingTotals } from '../../http/app-context';

/**
 * The three counts in one round trip. Served from a snapshot (`ctx.billingTotals`) dropped on
 * every billing change, so an unfiltered list page tells its total without counting the table.
 * Receipts are added up from their per-month counters (migration 0014).
 */
export async function countBillingDocuments(db: DbExecutor): Promise<BillingTotals> {
  const result = await db.execute<{ quotations: string; invoices: string; receipts: string }>(sql`
    select (select count(*) from quotations) as quotations,
           (select count(*) from invoices) as invoices,
           (select coalesce(sum(receipts), 0) from receipt_month_totals) as receipts`);
  const row = result.rows[0]!;
  return {
    quotations: Number(row.quotations),
    invoices: Number(row.invoices),
    receipts: Number(row.receipts),
  };
}
