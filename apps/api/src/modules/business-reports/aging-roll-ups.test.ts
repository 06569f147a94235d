import { paymentStatuses, type ReportAgingSection } from '@patrol/contracts';
import { fromSen } from '@patrol/domain';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { clients, invoices } from '../../db/schema';
import {
  applyRollUpWrite,
  freshClients,
  rollUpWrites,
  scanRows,
} from '../../../test/roll-up-writes';
import { createTestDatabase } from '../../../test/test-database';
import { agingOfEveryClient, agingOnScreen } from './aging.service';

// The aging's roll-ups (migration 0053) against the invoices they sum: after any sequence of
// writes, and after a client is deleted (its invoices then go by their printed name), the
// per-client and per-due-day rows equal a fresh aggregate of the invoices, to the sen, and the
// aging read from them (every client, a page of two at a time) equals the aging a scan computes.
// Amounts come from a few values, so clients often owe the same and the order of ties is tested.

const today = '2026-07-01';
const dayMs = 86_400_000;
const names = ['Alpha Guards', 'Beta Patrol', 'Gamma Watch'];

// Mostly none, so that clients often owe the same.
const adjustment = fc.oneof({ arbitrary: fc.constant('0.00'), weight: 3 }, fc.constant('50.00'));

const invoiceRow = fc.record({
  client: fc.option(fc.nat(2)),
  printedName: fc.constantFrom(...names),
  // From 120 days past due to 20 days ahead of `today`: every bucket.
  dueDate: fc
    .integer({ min: -20, max: 120 })
    .map((n) => new Date(Date.UTC(2026, 6, 1) - n * dayMs)),
  // An update of many rows changes those above RM 2,500 (roll-up-writes.ts).
  totalAmount: fc.constantFrom('100.00', '2600.00'),
  paidAmount: adjustment,
  creditedAmount: adjustment,
  debitedAmount: adjustment,
  refundedAmount: adjustment,
  paymentStatus: fc.constantFrom(...paymentStatuses),
  isVoided: fc.boolean(),
});

let clientIds: string[] = [];

const invoiceTable = {
  table: invoices,
  amount: invoices.totalAmount,
  values: ({
    client,
    printedName,
    ...row
  }: typeof invoiceRow extends fc.Arbitrary<infer T> ? T : never) => ({
    ...row,
    clientId: client === null ? null : clientIds[client]!,
    clientInfo: { companyName: printedName },
  }),
  newRow: (n: number) => ({ invoiceNumber: `INV-A-${n}` }),
  statusColumn: 'paymentStatus',
};

const owedInvoices = sql`(select coalesce(i.client_id::text, 'name:' || coalesce(i.client_info->>'companyName', '')) as client_key,
    coalesce(c.company_name, i.client_info->>'companyName') as name, (i.due_date at time zone 'UTC')::date as due_day,
    greatest(i.total_amount + i.debited_amount - i.credited_amount - i.paid_amount + i.refunded_amount, 0) as owed
  from invoices i left join clients c on c.id = i.client_id
  where not i.is_voided and i.payment_status in ('unpaid', 'pending', 'partial', 'overdue')) invoice`;

async function rollUps(database: Database) {
  return {
    kept: {
      clients: await scanRows(
        database,
        sql`select client_key, invoices::text, outstanding_amount::text from client_owing_totals
        where invoices <> 0 or outstanding_amount <> 0 order by 1`,
      ),
      days: await scanRows(
        database,
        sql`select due_day::text, invoices::text, outstanding_amount::text from aging_due_day_totals
        where invoices <> 0 or outstanding_amount <> 0 order by 1`,
      ),
    },
    fromScratch: {
      clients: await scanRows(
        database,
        sql`select client_key, count(*)::text as invoices, sum(owed)::numeric(18,2)::text as outstanding_amount
        from ${owedInvoices} where owed > 0 group by 1 order by 1`,
      ),
      days: await scanRows(
        database,
        sql`select due_day::text, count(*)::text as invoices, sum(owed)::numeric(18,2)::text as outstanding_amount
        from ${owedInvoices} where owed > 0 group by 1 order by 1`,
      ),
    },
  };
}

/**
 * The aging of every client as one grouped scan of the invoices computes it, a client on file
 * under its name on file, a deleted one under its invoices' printed name.
 */
async function agingByScan(database: Database): Promise<ReportAgingSection> {
  const bucket = sql`case when due_day >= ${today}::date then 'current'
    when due_day >= ${today}::date - 30 then 'thirty' when due_day >= ${today}::date - 60 then 'sixty'
    else 'ninety' end`;
  const rows = await scanRows(
    database,
    sql`select client_key, max(coalesce(name, '')) as name, (sum(owed) * 100)::bigint::text as total_sen,
      ${sql.raw(
        ['current', 'thirty', 'sixty', 'ninety']
          .map(
            (name) =>
              `count(*) filter (where bucket = '${name}')::int as ${name}_count, (coalesce(sum(owed) filter (where bucket = '${name}'), 0) * 100)::bigint::text as ${name}_sen`,
          )
          .join(', '),
      )}
    from (select *, ${bucket} as bucket from ${owedInvoices} where owed > 0) owed
    group by client_key order by sum(owed) desc, 2, client_key`,
  );
  const bucketOf = (row: Record<string, unknown>, name: string) => ({
    count: Number(row[`${name}_count`]),
    amount: fromSen(Number(row[`${name}_sen`])),
  });
  const bucketsOf = (row: Record<string, unknown>) => ({
    current: bucketOf(row, 'current'),
    thirty: bucketOf(row, 'thirty'),
    sixty: bucketOf(row, 'sixty'),
    ninety: bucketOf(row, 'ninety'),
  });
  const details = rows.map((row) => ({
    name: String(row.name),
    totalOutstanding: fromSen(Number(row.total_sen)),
    buckets: bucketsOf(row),
  }));
  const sum = (name: 'current' | 'thirty' | 'sixty' | 'ninety') => ({
    count: details.reduce((total, client) => total + client.buckets[name].count, 0),
    amount: fromSen(
      details.reduce((total, client) => total + Math.round(client.buckets[name].amount * 100), 0),
    ),
  });
  return {
    buckets: {
      current: sum('current'),
      thirty: sum('thirty'),
      sixty: sum('sixty'),
      ninety: sum('ninety'),
    },
    details,
  };
}

async function agingFromRollUps(database: Database): Promise<ReportAgingSection> {
  const every = await agingOfEveryClient(database.db, today, 2);
  const details = [];
  for await (const client of every.details) details.push(client);
  return { buckets: every.buckets, details };
}

async function expectRollUpsToMatch(database: Database) {
  const { kept, fromScratch } = await rollUps(database);
  expect(kept).toEqual(fromScratch);
  const scanned = await agingByScan(database);
  expect(await agingFromRollUps(database)).toEqual(scanned);
  const onScreen = await agingOnScreen(database.db, today);
  expect(onScreen).toEqual({ buckets: scanned.buckets, details: scanned.details.slice(0, 100) });
}

describe('aging roll-ups', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('equal the invoices they sum after any sequence of writes and a client deleted, and so does the aging', async () => {
    await fc.assert(
      fc.asyncProperty(
        rollUpWrites(invoiceRow, fc.constantFrom(...paymentStatuses)),
        async (sequence) => {
          clientIds = await freshClients(database, names);
          for (const write of sequence) await applyRollUpWrite(database, invoiceTable, write);
          await expectRollUpsToMatch(database);
          await database.db.delete(clients).where(eq(clients.id, clientIds[0]!));
          await expectRollUpsToMatch(database);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('ranks clients owing the same by name, whether on file or deleted, across a page edge', async () => {
    const ids = await freshClients(database, ['Gamma Watch', 'Beta Patrol']);
    const owing = (clientId: string | null, companyName: string, n: number) => ({
      invoiceNumber: `INV-TIE-${n}`,
      clientId,
      clientInfo: { companyName },
      dueDate: new Date(Date.UTC(2026, 5, 1)),
      totalAmount: '100.00',
    });
    await database.db
      .insert(invoices)
      .values([
        owing(ids[0]!, 'Gamma Watch', 1),
        owing(null, 'Alpha Guards', 2),
        owing(ids[1]!, 'Beta Patrol', 3),
      ]);
    const { details } = await agingFromRollUps(database);
    expect(details.map((client) => client.name)).toEqual([
      'Alpha Guards',
      'Beta Patrol',
      'Gamma Watch',
    ]);
  });
});
