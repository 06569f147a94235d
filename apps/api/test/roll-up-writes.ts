import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import type { Database } from '../src/db/client';
import { clients } from '../src/db/schema';

/**
 * The writes the roll-up property tests apply to a billing table (inserts of several rows, an
 * update of one row, an update of many, a delete), and the days and amounts they write: the roll-up
 * triggers must keep their totals equal to a scan after any sequence of them.
 */

/** What a query of the test's own SQL answers, as plain rows (a roll-up as kept, or a scan). */
export async function scanRows(database: Database, query: SQL): Promise<Record<string, unknown>[]> {
  return (await database.db.execute<Record<string, unknown>>(query)).rows;
}

/** A day in June and July 2026, around the tests' `today`. */
export const rollUpDay = fc
  .integer({ min: 0, max: 40 })
  .map((n) => new Date(Date.UTC(2026, 5, 1) + n * 86_400_000));

/** An amount of up to RM 5,000.00 as numeric text. */
export const senAmount = fc.integer({ min: 0, max: 500_000 }).map((sen) => (sen / 100).toFixed(2));

export type RollUpWrite<Row, Status> =
  | { kind: 'insert'; rows: Row[] }
  | { kind: 'update'; pick: number; fields: Row }
  | { kind: 'updateMany'; status: Status }
  | { kind: 'delete'; pick: number };

export function rollUpWrites<Row, Status>(
  row: fc.Arbitrary<Row>,
  status: fc.Arbitrary<Status>,
): fc.Arbitrary<RollUpWrite<Row, Status>[]> {
  const write: fc.Arbitrary<RollUpWrite<Row, Status>> = fc.oneof(
    fc.record({
      kind: fc.constant('insert' as const),
      rows: fc.array(row, { minLength: 1, maxLength: 6 }),
    }),
    fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), fields: row }),
    fc.record({ kind: fc.constant('updateMany' as const), status }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  );
  return fc.array(write, { minLength: 1, maxLength: 12 });
}

interface RollUpTable<Row> {
  table: PgTable & { id: PgColumn };
  /** An amount column: an update of many rows changes those above RM 2,500. */
  amount: PgColumn;
  /** The columns a generated row sets. */
  values(row: Row): Record<string, unknown>;
  /** The columns a new row needs besides (its number, say), `n` counting from 1. */
  newRow(n: number): Record<string, unknown>;
  /** The status column an update of many rows sets. */
  statusColumn: string;
}

let numbered = 0;

/** Applies one write; an update or delete picks an existing row by position (none: nothing). */
export async function applyRollUpWrite<Row, Status>(
  { db }: Database,
  target: RollUpTable<Row>,
  write: RollUpWrite<Row, Status>,
): Promise<void> {
  const { table } = target;
  if (write.kind === 'insert') {
    const values = write.rows.map((row) => ({
      ...target.values(row),
      ...target.newRow(++numbered),
    }));
    // The helper moves whole rows it does not look into; each test types them for its table.
    await db.insert(table).values(values as never);
    return;
  }
  if (write.kind === 'updateMany') {
    await db
      .update(table)
      .set({ [target.statusColumn]: write.status } as never)
      .where(sql`${target.amount} > 2500`);
    return;
  }
  const ids = await db.select({ id: table.id }).from(table).orderBy(table.id);
  if (ids.length === 0) return;
  const where = sql`${table.id} = ${ids[write.pick % ids.length]!.id}`;
  if (write.kind === 'update') {
    await db
      .update(table)
      .set(target.values(write.fields) as never)
      .where(where);
  } else {
    await db.delete(table).where(where);
  }
}

/** Empties the clients and invoices, then files a client for each name; answers their ids. */
export async function freshClients(database: Database, companyNames: readonly string[]) {
  await database.db.execute(sql`truncate clients, invoices cascade`);
  const rows = await database.db
    .insert(clients)
    .values(
      companyNames.map((companyName, n) => ({
        companyId: `ROLL-${n}`,
        companyName,
        contactPerson: 'Aida',
        email: `roll-up${n}@example.test`,
        phone: '+60312345678',
        address: 'Kuala Lumpur',
      })),
    )
    .returning({ id: clients.id });
  return rows.map((row) => row.id);
}
