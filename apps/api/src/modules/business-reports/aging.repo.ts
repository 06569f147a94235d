import { addDays } from '@patrol/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BillingClient } from '@patrol/contracts';
import { isAnyOf } from '../../db/any-of';
import type { DbExecutor } from '../../db/client';
import { agingDueDayTotals, clientOwingTotals, invoices } from '../../db/schema';
import { billingClientsByIds } from '../clients/clients.service';
import { awaitingPayment, dayParam, owedAmount, standingInvoice } from './billing-sql';

// The aging from the roll-ups the invoices' triggers keep (migration 0053): the buckets add up a
// row per due day, the clients owing most are the first entries of an index, and only those
// clients' invoices are read to split what each owes into buckets.

export const bucketNames = ['current', 'thirty', 'sixty', 'ninety'] as const;
export type BucketName = (typeof bucketNames)[number];
export type BucketRow = { count: number; amountSen: string };

/**
 * The bucket of a due date on `today`, given how to write "due on or after this day" for the
 * column at hand. Aging starts after the due date: an invoice due today or later is current, one
 * due 1 to 30 days ago is in "thirty", and so on.
 */
function bucketOf(dueSince: (day: string) => SQL, today: string): SQL<BucketName> {
  const since = (days: number) => dueSince(addDays(today, -days));
  return sql<BucketName>`case when ${since(0)} then 'current' when ${since(30)} then 'thirty' when ${since(60)} then 'sixty' else 'ninety' end`;
}

/** The four buckets on `today`: how many invoices owe, and how much, in sen. */
export async function agingBucketTotals(
  db: DbExecutor,
  today: string,
): Promise<Record<BucketName, BucketRow>> {
  const totals = agingDueDayTotals;
  const rows = await db.execute<{ bucket: BucketName; count: string; amount_sen: string }>(sql`
    select bucket, sum(invoices)::text as count, (sum(amount) * 100)::bigint::text as amount_sen
    from (select ${bucketOf((day) => sql`${totals.dueDay} >= ${day}::date`, today)} as bucket, ${totals.invoices} as invoices,
        ${totals.outstandingAmount} as amount
      from ${totals} where ${totals.invoices} > 0) owed
    group by bucket`);
  const found = new Map(rows.rows.map((row) => [row.bucket, row]));
  return Object.fromEntries(
    bucketNames.map((name) => {
      const row = found.get(name);
      return [name, { count: Number(row?.count ?? 0), amountSen: row?.amount_sen ?? '0' }];
    }),
  ) as Record<BucketName, BucketRow>;
}

/** An owing client as its roll-up row names it: by id, or by printed name when its row is gone. */
export interface OwingClient {
  clientId: string | null;
  orphanName: string | null;
  /** What the client owes, as numeric text: the cursor of the next page. */
  outstanding: string;
}

/**
 * The clients owing most, owing less than `below` when given: at least `limit` of them, and every
 * client tied with the last, so a page ends at a whole tie (the next starts below it) and names
 * can settle the order within one.
 */
export function clientsOwingMost(
  db: DbExecutor,
  limit: number,
  below?: string,
): Promise<OwingClient[]> {
  const totals = clientOwingTotals;
  const after = below === undefined ? sql`` : sql`and ${totals.outstandingAmount} < ${below}`;
  return db
    .execute<{ client_id: string | null; orphan_name: string | null; outstanding: string }>(
      sql`select ${totals.clientId} as client_id, ${totals.orphanName} as orphan_name,
        ${totals.outstandingAmount}::text as outstanding
      from ${totals} where ${totals.invoices} > 0 ${after}
      order by ${totals.outstandingAmount} desc nulls last fetch first (${limit}) rows with ties`,
    )
    .then(({ rows }) =>
      rows.map((row) => ({
        clientId: row.client_id,
        orphanName: row.orphan_name,
        outstanding: row.outstanding,
      })),
    );
}

export type ClientAgingRow = Record<BucketName, BucketRow> & {
  clientId: string | null;
  orphanName: string | null;
  name: string;
  totalSen: string;
};

/** The invoices the aging counts: standing, awaiting payment and owing more than 0. */
const owedInvoice = sql`${standingInvoice} and ${awaitingPayment} and ${owedAmount} > 0`;
const printedName = sql<string>`coalesce(${invoices.clientInfo}->>'companyName', '')`;

/**
 * Each of `clients`' aging on `today`. A client on file is split into buckets from its owing
 * invoices read index-only (invoices_owing_idx carries the amounts) and goes by its name on file;
 * a deleted client's invoices are found, and go, by their printed name.
 */
export async function agingOfClients(
  db: DbExecutor,
  clients: readonly OwingClient[],
  today: string,
): Promise<ClientAgingRow[]> {
  const ids = clients.flatMap((client) => (client.clientId === null ? [] : [client.clientId]));
  const orphanNames = clients.flatMap((client) =>
    client.clientId === null ? [client.orphanName ?? ''] : [],
  );
  const [onFile, names, orphans] = await Promise.all([
    ids.length === 0
      ? []
      : bucketsByClient(db, today, invoices.clientId, isAnyOf(invoices.clientId, ids)),
    ids.length === 0 ? new Map<string, BillingClient>() : billingClientsByIds(db, ids),
    orphanNames.length === 0
      ? []
      : bucketsByClient(
          db,
          today,
          printedName,
          sql`${invoices.clientId} is null and ${printedName} = any(${sql.param(orphanNames)}::text[])`,
        ),
  ]);
  return [
    ...onFile.map(({ client, ...row }) => ({
      ...row,
      clientId: client,
      orphanName: null,
      name: names.get(client)?.companyName ?? '',
    })),
    ...orphans.map(({ client, ...row }) => ({
      ...row,
      clientId: null,
      orphanName: client,
      name: client,
    })),
  ];
}

type ClientBuckets = Record<BucketName, BucketRow> & { client: string; totalSen: string };

/**
 * The owing invoices matching `condition` by `client` (an id, or a printed name) and bucket, a
 * row per pair, put together per client. Each invoice's bucket and amount are computed once (the
 * derived table), and its due date is compared as the timestamp it is, not counted in days.
 */
async function bucketsByClient(
  db: DbExecutor,
  today: string,
  client: SQL | AnyPgColumn,
  condition: SQL,
): Promise<ClientBuckets[]> {
  const bucket = bucketOf((day) => sql`${invoices.dueDate} >= ${dayParam(day)}`, today);
  const { rows } = await db.execute<{
    client: string;
    bucket: BucketName;
    count: number;
    amount_sen: string;
  }>(sql`
    select client, bucket, count(*)::int as count, (sum(owed) * 100)::bigint::text as amount_sen
    from (select ${client} as client, ${bucket} as bucket, ${owedAmount} as owed
      from ${invoices} where ${owedInvoice} and ${condition} offset 0) owing
    group by client, bucket`);
  const byClient = new Map<string, ClientBuckets>();
  for (const row of rows) {
    let entry = byClient.get(row.client);
    if (!entry) {
      const none = () => ({ count: 0, amountSen: '0' });
      entry = {
        client: row.client,
        totalSen: '0',
        current: none(),
        thirty: none(),
        sixty: none(),
        ninety: none(),
      };
      byClient.set(row.client, entry);
    }
    entry[row.bucket] = { count: Number(row.count), amountSen: row.amount_sen };
    entry.totalSen = String(BigInt(entry.totalSen) + BigInt(row.amount_sen));
  }
  return [...byClient.values()];
}
