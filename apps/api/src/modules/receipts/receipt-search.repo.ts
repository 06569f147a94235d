import { and, gte, like, not, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { dayStart } from '../../db/column-values';
import { likePattern } from '../../db/like-pattern';
import type { ReceiptFigures } from '../../http/app-context';
import {
  receiptClientNameMonthTotals,
  receiptClientNameText,
  receiptClientNameTotals,
  receiptOwnText,
  receipts,
} from '../../db/schema';

/** What a typed search matches anywhere in a lowercased text, LIKE's wildcards escaped. */
function searchPattern(search: string): string {
  return likePattern(search.toLowerCase());
}

/**
 * A search matches a receipt's printed client name or the rest of its text (number, reference,
 * invoices), each read through its own trigram index; the name's matches are what the name
 * roll-ups add up (searchedFigures).
 */
export function searchMatch(search: string): SQL {
  const pattern = searchPattern(search);
  return or(
    like(receiptClientNameText(receipts), pattern),
    like(receiptOwnText(receipts), pattern),
  )!;
}

/**
 * A search's figures: the receipts whose client name matches, added up from the name roll-ups (a
 * row per printed name, and per name and month for this month's), and the receipts matching
 * only by number, reference or invoices, aggregated (few, for a name's words). One statement.
 */
export async function searchedFigures(
  db: DbExecutor,
  search: string,
  monthStart: string,
): Promise<ReceiptFigures> {
  const pattern = searchPattern(search);
  const named = db
    .select({
      receipts: sql<number>`coalesce(sum(${receiptClientNameTotals.receipts}), 0)`.as('named'),
      amount: sql<string>`coalesce(sum(${receiptClientNameTotals.totalAmount}), 0)`.as(
        'named_amount',
      ),
    })
    .from(receiptClientNameTotals)
    .where(like(receiptClientNameTotals.clientName, pattern))
    .as('named');
  const namedThisMonth = db
    .select({
      receipts: sql<number>`coalesce(sum(${receiptClientNameMonthTotals.receipts}), 0)`.as(
        'named_this_month',
      ),
    })
    .from(receiptClientNameMonthTotals)
    .where(
      and(
        gte(receiptClientNameMonthTotals.month, monthStart),
        like(receiptClientNameMonthTotals.clientName, pattern),
      ),
    )
    .as('named_this_month');
  const others = db
    .select({
      receipts: sql<number>`count(*)`.as('others'),
      thisMonth:
        sql<number>`count(*) filter (where ${receipts.paymentDate} >= ${dayStart(monthStart)})`.as(
          'others_this_month',
        ),
      amount: sql<string>`coalesce(sum(${receipts.totalAmount}), 0)`.as('others_amount'),
    })
    .from(receipts)
    .where(
      and(
        like(receiptOwnText(receipts), pattern),
        not(like(receiptClientNameText(receipts), pattern)),
      ),
    )
    .as('others');
  const [figures] = await db
    .select({
      total: sql<number>`(${others.receipts} + ${named.receipts})::bigint`.mapWith(Number),
      thisMonth: sql<number>`(${others.thisMonth} + ${namedThisMonth.receipts})::bigint`.mapWith(
        Number,
      ),
      // Sen as a bigint-safe integer: numeric sums exactly in PostgreSQL.
      totalSen: sql<number>`((${others.amount} + ${named.amount}) * 100)::bigint`.mapWith(Number),
    })
    .from(others)
    .crossJoin(named)
    .crossJoin(namedThisMonth);
  return figures ?? { total: 0, thisMonth: 0, totalSen: 0 };
}
