import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { invoiceIssueDayTotals } from '../../db/schema';

/**
 * Money received on invoices that stand (not voided), in sen: the sum of the per-issue-day
 * roll-up the invoices' triggers keep (migration 0035), a row a day instead of every invoice.
 */
export async function sumReceivedRevenueSen(db: DbExecutor): Promise<number> {
  const [row] = await db
    .select({
      sen: sql<string>`(coalesce(sum(${invoiceIssueDayTotals.paidAmount}), 0) * 100)::bigint::text`,
    })
    .from(invoiceIssueDayTotals);
  return Number(row?.sen ?? 0);
}
