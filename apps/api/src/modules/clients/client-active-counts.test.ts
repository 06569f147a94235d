import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { clients, licences } from '../../db/schema';
import { buildClientRow, generateLicenceKey } from '../../../test/builders';
import { scanRows } from '../../../test/roll-up-writes';
import { createTestDatabase } from '../../../test/test-database';
import { licenceTotals } from '../licences/licences.service';
import { clientTotals } from './clients.service';

// The directory totals from roll-ups (migration 0050 for the clients, 0048 for the licences)
// against the rows they count: after any sequence of client and licence writes, the client counts
// per active state equal a fresh aggregate of the clients, and the totals the dashboard and the
// clients list read equal the clients and licences counted one by one.

const write = fc.oneof(
  fc.record({
    kind: fc.constant('insertClients' as const),
    active: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('setActive' as const), pick: fc.nat(), active: fc.boolean() }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('deleteClient' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('insertLicences' as const),
    pick: fc.nat(),
    bound: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const) }),
);
type WriteStep = typeof write extends fc.Arbitrary<infer T> ? T : never;

describe('directory totals roll-ups', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const rows = (query: SQL) => scanRows(database, query);
  const pickClient = async (pick: number) => {
    const ids = (
      await database.db.select({ id: clients.id }).from(clients).orderBy(clients.id)
    ).map((row) => row.id);
    return ids.length === 0 ? undefined : ids[pick % ids.length]!;
  };

  async function apply(step: WriteStep) {
    const { db } = database;
    if (step.kind === 'insertClients') {
      await db.insert(clients).values(step.active.map((active) => buildClientRow({ active })));
    } else if (step.kind === 'truncate') {
      await db.execute(sql`truncate clients cascade`);
    } else {
      const id = await pickClient(step.pick);
      if (!id) return;
      const client = sql`${clients.id} = ${id}`;
      if (step.kind === 'setActive') {
        await db.update(clients).set({ active: step.active }).where(client);
      } else if (step.kind === 'rename') {
        // Every column but `active`, as a staff edit sends them (the row trigger must not count it).
        await db.update(clients).set(buildClientRow()).where(client);
      } else if (step.kind === 'deleteClient') {
        await db.delete(clients).where(client);
      } else {
        await db.insert(licences).values(
          step.bound.map((bound) => ({
            key: generateLicenceKey(),
            clientId: id,
            bound,
            deviceId: bound ? `MPDID-${generateLicenceKey().slice(-12)}-Roll` : null,
          })),
        );
      }
    }
  }

  it('equal the clients and licences counted one by one after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (steps) => {
        await database.db.execute(sql`truncate clients cascade`);
        for (const step of steps) await apply(step);

        expect(
          await rows(sql`
            select active, clients::int from client_active_counts where clients <> 0 order by 1`),
        ).toEqual(
          await rows(
            sql`select active, count(*)::int as clients from clients group by 1 order by 1`,
          ),
        );
        const [counted] = await rows(sql`
          select (select count(*)::int from clients) as "totalClients",
                 (select count(*)::int from clients where active) as "activeClients",
                 (select count(*)::int from licences) as "totalLicences",
                 (select count(*)::int from licences where bound) as "boundLicences"`);
        const { newThisMonth: _new, ...clientCounts } = await clientTotals(database.db);
        expect({ ...clientCounts, ...(await licenceTotals(database.db)) }).toEqual(counted);
      }),
      { numRuns: 15 },
    );
  });
});
