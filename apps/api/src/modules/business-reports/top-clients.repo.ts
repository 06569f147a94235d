import { addDays, type ReportPeriod } from '@patrol/domain';
import { sql } from 'drizzle-orm';
import { isAnyOf } from '../../db/any-of';
import type { DbExecutor } from '../../db/client';
import { clientPeriodTotals, invoices, type ClientPeriodKind } from '../../db/schema';
import { onDays, standingInvoice, sumSen } from './billing-sql';
import { byText, mostSenFirst } from './ranking';

// The clients invoiced most in a period. A period that starts a calendar month, quarter or year
// and ends within it (the reports' month, quarter and year to date) is read from the per-client
// totals of that calendar period (migration 0057), less the invoices issued after the period's
// last day; any other period groups its invoices.

export interface ClientRevenue {
  name: string;
  revenueSen: string;
  invoices: number;
}

interface KeyedRevenue {
  key: string;
  clientId: string | null;
  /** The printed name of a deleted client's invoices; null for a client on file. */
  orphanName: string | null;
  revenueSen: string;
  invoices: number;
}

const printedName = sql<string>`${invoices.clientInfo}->>'companyName'`;

const monthsOf: Record<ClientPeriodKind, number> = { month: 1, quarter: 3, year: 12 };

/** The calendar month, quarter or year (the shortest) that `period` starts and ends within. */
export function calendarPeriodOf(period: Pick<ReportPeriod, 'from' | 'to'>) {
  const [year, month, day] = period.from.split('-').map(Number) as [number, number, number];
  for (const kind of ['month', 'quarter', 'year'] as const) {
    const months = monthsOf[kind];
    if (day !== 1 || (month - 1) % months !== 0) continue;
    const last = addDays(
      new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10),
      -1,
    );
    if (period.to <= last) return { kind, start: period.from, last };
  }
  return null;
}

/**
 * Per client, the standing invoices issued on the days `from` to `to`: those of clients on file
 * by id, read index-only from invoices_standing_issue_date_idx, those of deleted clients by printed
 * name through invoices_orphan_issue_date_idx. With `limit`, only the clients invoiced most of
 * each kind, ties at the limit kept.
 */
async function revenueByClient(
  db: DbExecutor,
  from: string,
  to: string,
  limit?: number,
): Promise<KeyedRevenue[]> {
  const issued = sql`${standingInvoice} and ${onDays(invoices.issueDate, from, to)}`;
  const figures = sql`count(*)::int as invoices, ${sumSen(sql`${invoices.totalAmount}`)} as revenue_sen`;
  const most =
    limit === undefined
      ? sql``
      : sql`order by sum(${invoices.totalAmount}) desc fetch first (${limit}) rows with ties`;
  type Row = { invoices: number; revenue_sen: string };
  const [onFile, orphans] = await Promise.all([
    db.execute<Row & { client_id: string }>(sql`
      select ${invoices.clientId} as client_id, ${figures} from ${invoices}
      where ${issued} and ${invoices.clientId} is not null group by 1 ${most}`),
    db.execute<Row & { name: string }>(sql`
      select coalesce(${printedName}, '') as name, ${figures} from ${invoices}
      where ${issued} and ${invoices.clientId} is null group by 1 ${most}`),
  ]);
  const figuresOf = (row: Row) => ({ invoices: row.invoices, revenueSen: row.revenue_sen });
  return [
    ...onFile.rows.map((row) => ({
      key: row.client_id,
      clientId: row.client_id,
      orphanName: null,
      ...figuresOf(row),
    })),
    ...orphans.rows.map((row) => ({
      key: `name:${row.name}`,
      clientId: null,
      orphanName: row.name,
      ...figuresOf(row),
    })),
  ];
}

/**
 * The clients invoiced most in a calendar period's first days, from the period's index of
 * per-client totals less the invoices issued after `to` (which the totals hold). The index is read
 * a batch at a time, ties kept, until the `limit`th client read is invoiced at least as much as the
 * last total read: every client not read has a smaller total, and a correction only lowers one.
 */
async function rankedFromPeriodTotals(
  db: DbExecutor,
  calendar: NonNullable<ReturnType<typeof calendarPeriodOf>>,
  to: string,
  limit: number,
): Promise<KeyedRevenue[]> {
  const later = to < calendar.last ? await revenueByClient(db, addDays(to, 1), calendar.last) : [];
  const laterOf = new Map(later.map((row) => [row.key, row]));
  const totals = clientPeriodTotals;
  const batch = limit * 2;
  const ranked: KeyedRevenue[] = [];
  let below: string | undefined;
  for (;;) {
    const { rows } = await db.execute<{
      key: string;
      client_id: string | null;
      orphan_name: string | null;
      invoices: string;
      amount: string;
      revenue_sen: string;
    }>(sql`select ${totals.clientKey} as key, ${totals.clientId} as client_id,
        ${totals.orphanName} as orphan_name, ${totals.invoices} as invoices,
        ${totals.invoicedAmount}::text as amount,
        (${totals.invoicedAmount} * 100)::bigint::text as revenue_sen
      from ${totals}
      where ${totals.periodKind} = ${calendar.kind} and ${totals.periodStart} = ${calendar.start}
        and ${totals.invoices} > 0
        ${below === undefined ? sql`` : sql`and ${totals.invoicedAmount} < ${below}::numeric`}
      order by ${totals.invoicedAmount} desc nulls last
      fetch first (${batch}) rows with ties`);
    for (const row of rows) {
      const after = laterOf.get(row.key);
      const invoices = Number(row.invoices) - (after?.invoices ?? 0);
      if (invoices === 0) continue;
      ranked.push({
        key: row.key,
        clientId: row.client_id,
        orphanName: row.orphan_name,
        invoices,
        revenueSen: String(BigInt(row.revenue_sen) - BigInt(after?.revenueSen ?? 0)),
      });
    }
    const last = rows.at(-1);
    if (rows.length < batch || !last) return ranked;
    below = last.amount;
    ranked.sort((a, b) => mostSenFirst(a.revenueSen, b.revenueSen));
    const cut = ranked[limit - 1];
    if (cut && BigInt(cut.revenueSen) >= BigInt(last.revenue_sen)) return ranked;
  }
}

/**
 * The clients invoiced most in the period, ties by name. A client on file goes by the greatest
 * printed name among its invoices of the period, a deleted client's invoices by their printed
 * name.
 */
export async function topClients(
  db: DbExecutor,
  period: ReportPeriod,
  limit: number,
): Promise<ClientRevenue[]> {
  const calendar = calendarPeriodOf(period);
  const candidates = calendar
    ? await rankedFromPeriodTotals(db, calendar, period.to, limit)
    : await revenueByClient(db, period.from, period.to, limit);
  const byRevenue = candidates.sort((a, b) => mostSenFirst(a.revenueSen, b.revenueSen));
  // Every client tied with the last that ranks is named, so the names settle the order.
  const cutSen = byRevenue[limit - 1]?.revenueSen;
  const contenders = byRevenue.filter(
    (row, index) => index < limit || (cutSen !== undefined && row.revenueSen === cutSen),
  );
  const ids = contenders.flatMap((row) => (row.clientId === null ? [] : [row.clientId]));
  const names =
    ids.length === 0
      ? []
      : await db
          .select({ clientId: invoices.clientId, name: sql<string>`max(${printedName})` })
          .from(invoices)
          .where(
            sql`${standingInvoice} and ${onDays(invoices.issueDate, period.from, period.to)} and ${isAnyOf(invoices.clientId, ids)}`,
          )
          .groupBy(invoices.clientId);
  const nameOf = new Map(names.map((row) => [row.clientId, row.name]));
  return contenders
    .map((row) => ({
      name: row.orphanName ?? nameOf.get(row.clientId) ?? '',
      revenueSen: row.revenueSen,
      invoices: row.invoices,
    }))
    .sort((a, b) => mostSenFirst(a.revenueSen, b.revenueSen) || byText(a.name, b.name))
    .slice(0, limit);
}
