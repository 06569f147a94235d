import { paymentStatuses } from '@patrol/contracts';
import { reportPeriod, type ReportPeriod, type ReportRange } from '@patrol/domain';
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
import { byText, mostSenFirst } from './ranking';
import { clientPeriodCounts } from './reports.repo';
import { topClients } from './top-clients.repo';

// The reports' per-client roll-ups (migration 0057) against the invoices they sum: after any
// sequence of writes, and after a client is deleted, each client's invoiced days and the totals
// per client and calendar period equal a fresh aggregate of the invoices, and the clients invoiced
// and retained and the top clients read from them equal what a scan of the invoices gives, for
// every report range on several days (a month, quarter or year to date holds invoices issued after
// its last day, which the top clients must leave out) and for custom periods. An invoice is also
// moved to another day alone, which the random updates (every field at once) rarely do.

const names = ['Alpha Guards', 'Beta Patrol', 'Gamma Watch'];
const dayMs = 86_400_000;

const invoiceRow = fc.record({
  client: fc.option(fc.nat(2)),
  printedName: fc.constantFrom(...names),
  // From mid-December 2025 to late July 2026: a year's, quarters' and months' edges.
  issueDate: fc
    .integer({ min: 0, max: 220 })
    .map((n) => new Date(Date.UTC(2025, 11, 15) + n * dayMs)),
  // A few amounts, so that clients are often invoiced the same; one above RM 2,500 (updateMany).
  totalAmount: fc.constantFrom('100.00', '250.00', '2600.00'),
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
    issueDate,
    ...row
  }: typeof invoiceRow extends fc.Arbitrary<infer T> ? T : never) => ({
    ...row,
    issueDate,
    dueDate: issueDate,
    clientId: client === null ? null : clientIds[client]!,
    clientInfo: { companyName: printedName },
  }),
  newRow: (n: number) => ({ invoiceNumber: `INV-R-${n}` }),
  statusColumn: 'paymentStatus',
};

const standing = sql`(select *, (issue_date at time zone 'UTC')::date as day
  from invoices where not is_voided) invoice`;

async function rollUps(database: Database) {
  return {
    kept: {
      days: await scanRows(
        database,
        sql`select client_id::text, days::text from client_invoice_days order by 1`,
      ),
      totals: await scanRows(
        database,
        sql`select period_kind, period_start::text, client_key, client_id::text, orphan_name,
          invoices::text, invoiced_amount::text
        from client_period_totals where invoices <> 0 or invoiced_amount <> 0 order by 1, 2, 3`,
      ),
    },
    fromScratch: {
      days: await scanRows(
        database,
        sql`select client_id::text, range_agg(daterange(day, day, '[]'))::text as days
        from ${standing} where client_id is not null group by 1 order by 1`,
      ),
      totals: await scanRows(
        database,
        sql`select kind as period_kind, date_trunc(kind, day::timestamp)::date::text as period_start,
          coalesce(client_id::text, 'name:' || coalesce(client_info->>'companyName', '')) as client_key,
          client_id::text,
          case when client_id is null then coalesce(client_info->>'companyName', '') end as orphan_name,
          count(*)::text as invoices, sum(total_amount)::numeric(18,2)::text as invoiced_amount
        from ${standing} cross join (values ('month'), ('quarter'), ('year')) as k(kind)
        group by 1, 2, 3, 4, 5 order by 1, 2, 3`,
      ),
    },
  };
}

async function countsByScan(database: Database, period: ReportPeriod) {
  const [row] = await scanRows(
    database,
    sql`select count(*) filter (where now)::int as active, count(*) filter (where before)::int as previous,
      count(*) filter (where now and before)::int as retained
    from (select client_id, bool_or(day between ${period.from}::date and ${period.to}::date) as now,
        bool_or(day between ${period.previousFrom}::date and ${period.previousTo}::date) as before
      from ${standing} where client_id is not null group by 1) per_client`,
  );
  return row;
}

async function topClientsByScan(database: Database, period: ReportPeriod, limit: number) {
  const rows = await scanRows(
    database,
    sql`select max(coalesce(client_info->>'companyName', '')) as name,
      (sum(total_amount) * 100)::bigint::text as revenue_sen, count(*)::int as invoices
    from ${standing} where day between ${period.from}::date and ${period.to}::date
    group by coalesce(client_id::text, 'name:' || coalesce(client_info->>'companyName', ''))`,
  );
  return rows
    .map((row) => ({
      name: String(row.name),
      revenueSen: String(row.revenue_sen),
      invoices: Number(row.invoices),
    }))
    .sort((a, b) => mostSenFirst(a.revenueSen, b.revenueSen) || byText(a.name, b.name))
    .slice(0, limit);
}

const ranges: Exclude<ReportRange, 'custom'>[] = ['week', 'month', 'quarter', 'year'];
const periods: ReportPeriod[] = [
  ...['2026-01-05', '2026-05-20', '2026-07-01'].flatMap((today) =>
    ranges.map((range) => reportPeriod(range, today)),
  ),
  // A whole quarter, from its totals with nothing left out, and a period across the year's end.
  reportPeriod('custom', '2026-07-01', { dateFrom: '2026-04-01', dateTo: '2026-06-30' }),
  reportPeriod('custom', '2026-07-01', { dateFrom: '2025-12-20', dateTo: '2026-02-10' }),
];

async function expectRollUpsToMatch(database: Database) {
  const { kept, fromScratch } = await rollUps(database);
  expect(kept).toEqual(fromScratch);
  for (const period of periods) {
    expect(await clientPeriodCounts(database.db, period)).toEqual(
      await countsByScan(database, period),
    );
    for (const limit of [1, 10]) {
      expect(await topClients(database.db, period, limit)).toEqual(
        await topClientsByScan(database, period, limit),
      );
    }
  }
}

describe('client report roll-ups', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('equal the invoices they sum after any sequence of writes and a client deleted, and so do the report figures', async () => {
    await fc.assert(
      fc.asyncProperty(
        rollUpWrites(invoiceRow, fc.constantFrom(...paymentStatuses)),
        async (sequence) => {
          clientIds = await freshClients(database, names);
          for (const write of sequence) await applyRollUpWrite(database, invoiceTable, write);
          await expectRollUpsToMatch(database);
          // An invoice moved to another day, nothing else changed.
          await database.db
            .execute(sql`update invoices set issue_date = issue_date + interval '35 days'
            where id = (select min(id::text)::uuid from invoices)`);
          await expectRollUpsToMatch(database);
          await database.db.delete(clients).where(eq(clients.id, clientIds[0]!));
          await expectRollUpsToMatch(database);
        },
      ),
      { numRuns: 8 },
    );
  });

  // A deleted invoice's client has its days read again from the invoices: a day a concurrent
  // transaction adds for the same client must survive that reading. The day is in another year, so
  // the two share no row of client_period_totals, whose lock would order them anyway.
  it.runIf(process.env.DATABASE_URL)(
    'keep a day another transaction adds while an invoice of the same client is deleted',
    async () => {
      const [clientId] = await freshClients(database, names.slice(0, 1));
      const invoice = (invoiceNumber: string, day: string) => ({
        invoiceNumber,
        clientId,
        clientInfo: { companyName: names[0]! },
        issueDate: new Date(`${day}T00:00:00Z`),
        dueDate: new Date(`${day}T00:00:00Z`),
        totalAmount: '100.00',
        // Paid, so that the aging's row of the client (client_owing_totals) orders nothing either.
        paymentStatus: 'paid' as const,
      });
      await database.db
        .insert(invoices)
        .values([invoice('INV-C-1', '2026-03-01'), invoice('INV-C-2', '2026-03-02')]);
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let added!: () => void;
      const adding = new Promise<void>((resolve) => (added = resolve));
      const addingDay = database.db.transaction(async (tx) => {
        await tx.insert(invoices).values(invoice('INV-C-3', '2025-04-01'));
        added();
        await committing;
      });
      await adding;
      const deleting = database.db
        .delete(invoices)
        .where(eq(invoices.invoiceNumber, 'INV-C-2'))
        .execute();
      // The delete's trigger waits for the adding transaction's lock on the client's row.
      for (let attempt = 0; ; attempt += 1) {
        const [waiting] = await scanRows(
          database,
          sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (Number(waiting?.n) > 0) break;
        if (attempt > 1_000) throw new Error('the delete never waited for the lock');
      }
      commit();
      await Promise.all([addingDay, deleting]);
      expect(await scanRows(database, sql`select days::text from client_invoice_days`)).toEqual([
        { days: '{[2025-04-01,2025-04-02),[2026-03-01,2026-03-02)}' },
      ]);
    },
  );
});
