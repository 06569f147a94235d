/**
 * Times the client list, search, CSV export and dashboard queries over 50,000 clients.
 * Run: npx tsx tools/bench/clients-list.bench.ts [--clients 50000] [--runs 20]
 * (in-memory PGlite; with DATABASE_URL, a throwaway database on that server, dropped afterwards).
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
// A benchmark measures the API's own queries in-process, so it imports them directly: a dev tool
// that is never built or shipped, unlike the libraries the boundary rule protects.
import { activities, clients, clientSearchText, licences } from '../../apps/api/src/db/schema';
import { findClientExportBatch } from '../../apps/api/src/modules/clients/clients.repo';
import { listClients } from '../../apps/api/src/modules/clients/clients.service';
import { loadDashboard } from '../../apps/api/src/modules/dashboard/dashboard.service';
import { generateLicenceKey } from '../../apps/api/src/modules/licences/licence-keys';
import { createTestDatabase } from '../../apps/api/test/test-database';

const { values: options } = parseArgs({
  options: {
    clients: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '20' },
  },
});
const clientCount = Number(options.clients);
const runs = Number(options.runs);
const batchSize = 1000;
const day = 24 * 60 * 60 * 1000;
const cities = ['Kuala Lumpur', 'Penang', 'Johor Bahru', 'Ipoh', 'Kuching', 'Kota Kinabalu'];

const database = await createTestDatabase();
const { db } = database;

async function seed(): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < clientCount; start += batchSize) {
    const size = Math.min(batchSize, clientCount - start);
    const rows = await db
      .insert(clients)
      .values(
        Array.from({ length: size }, (_, offset) => {
          const index = start + offset;
          return {
            companyId: `BENCH-${String(index).padStart(6, '0')}`,
            companyName: `Company ${index.toString(36).toUpperCase()} Sdn Bhd`,
            contactPerson: `Contact ${index}`,
            email: `contact${index}@client${index}.example`,
            phone: `+60 12-${String(index).padStart(7, '0')}`,
            address: `${index} Jalan Bench, ${cities[index % cities.length]}`,
            active: index % 7 !== 0,
            createdAt: new Date(now - (index % 720) * day),
          };
        }),
      )
      .returning({ id: clients.id });
    // Two licences per client in mixed states: unbound, bound and reporting, some expired.
    await db.insert(licences).values(
      rows.flatMap(({ id }, offset) => {
        const index = start + offset;
        return [
          {
            key: generateLicenceKey(),
            clientId: id,
            validUntil: new Date(now + ((index % 90) - 10) * day),
          },
          {
            key: generateLicenceKey(),
            clientId: id,
            validUntil: new Date(now + 365 * day),
            bound: index % 3 !== 0,
            deviceId: index % 3 !== 0 ? `MPDID-${String(index).padStart(12, '0')}-Site` : null,
            projectName: index % 3 !== 0 ? 'Site' : null,
            lastDeviceActivity: index % 3 !== 0 ? new Date(now - (index % 2000) * 60_000) : null,
          },
        ];
      }),
    );
    await db
      .insert(activities)
      .values(
        rows
          .slice(0, 10)
          .map((_, offset) => ({ type: 'client_added', detail: `Client ${start + offset} added` })),
      );
  }
  await db.execute(sql`analyze`);
}

async function time(name: string, action: () => Promise<unknown>, count = runs) {
  await action(); // warm-up: plans and caches
  const samples: number[] = [];
  for (let run = 0; run < count; run += 1) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (quantile: number) =>
    samples[Math.min(samples.length - 1, Math.ceil(quantile * samples.length) - 1)]!;
  return {
    query: name,
    runs: count,
    p50_ms: round(at(0.5)),
    p95_ms: round(at(0.95)),
    max_ms: round(at(1)),
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const listQuery = {
  page: 1,
  limit: 10,
  sortBy: 'createdAt',
  sortOrder: 'desc',
  exportCsv: false,
} as const;

async function exportAll(): Promise<number> {
  const filter = { sortBy: 'createdAt', sortOrder: 'desc' } as const;
  let after: { cursor: string; id: string } | undefined;
  let total = 0;
  for (;;) {
    const batch = await findClientExportBatch(db, filter, after, batchSize);
    total += batch.length;
    if (batch.length < batchSize) return total;
    const last = batch[batch.length - 1]!;
    after = { cursor: last.cursor, id: last.client.id };
  }
}

try {
  const seedStarted = performance.now();
  await seed();
  console.log(
    `${database.dialect}: seeded ${clientCount} clients and ${clientCount * 2} licences in ${round((performance.now() - seedStarted) / 1000)} s`,
  );
  const results = [
    await time('list page 1 (newest)', () => listClients(db, listQuery)),
    await time('list page 1 by name', () =>
      listClients(db, { ...listQuery, sortBy: 'companyName', sortOrder: 'asc' }),
    ),
    await time('list last page (deep offset)', () =>
      listClients(db, { ...listQuery, page: Math.ceil(clientCount / 10) }),
    ),
    await time('search "penang" (common)', () =>
      listClients(db, { ...listQuery, search: 'penang' }),
    ),
    await time('search "BENCH-012345" (rare)', () =>
      listClients(db, { ...listQuery, search: 'BENCH-012345' }),
    ),
    await time('dashboard', () => loadDashboard(database)),
    await time('CSV export, all rows in batches', exportAll, Math.min(runs, 3)),
  ];
  console.table(results);
  const plan = await db.execute(
    sql`explain select * from ${clients} where ${clientSearchText(clients)} ilike ${'%BENCH-012345%'} limit 10`,
  );
  console.log('Search plan:');
  for (const row of plan.rows) console.log(`  ${String(Object.values(row)[0])}`);
} finally {
  await database.close();
}
