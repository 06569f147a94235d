import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { invoices } from '../../db/schema';

/** Money received on invoices that stand (not voided), in sen. */
export async function sumReceivedRevenueSen(db: DbExecutor): Promise<number> {
  const [row] = await db
    .select({
      sen: sql<string>`coalesce(sum(${invoices.paidAmount}), 0) * 100`,
    })
    .from(invoices)
    .where(eq(invoices.isVoided, false));
  return Math.round(Number(row?.sen ?? 0));
}
