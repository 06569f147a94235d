import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { summariseLicenceActivity } from '@patrol/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/api/src/db/client';
import { activities, clients, licences } from '../../apps/api/src/db/schema';
import { createThrowawayServerDatabase } from '../../apps/api/test/test-database';
import { buildDemoClients, createRandom } from './demo-data';

const run = promisify(execFile);
const seedScript = join(import.meta.dirname, 'seed.ts');
const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');

describe('demo data', () => {
  it('gives about 40 Malaysian companies with 3 to 20 licences spread over every dashboard tile', () => {
    const now = new Date();
    const demo = buildDemoClients(now, createRandom(7));
    expect(demo).toHaveLength(40);
    expect(new Set(demo.map((client) => client.companyId)).size).toBe(40);
    expect(demo.filter((client) => /Sdn Bhd$/.test(client.companyName)).length).toBeGreaterThan(10);
    for (const client of demo) {
      expect(client.licences.length).toBeGreaterThanOrEqual(3);
      expect(client.licences.length).toBeLessThanOrEqual(20);
    }
    const summary = summariseLicenceActivity(
      demo.flatMap((client) => client.licences),
      now,
    );
    for (const tile of [
      'activeNow',
      'inactiveRecent',
      'inactiveLongTerm',
      'nonActivated',
      'expired',
    ] as const) {
      expect(summary[tile], tile).toBeGreaterThan(0);
    }
  });
});

describe('npm run seed', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let dropServerDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'patrol-seed-test-'));
    // A port nothing listens on, so the running-server check finds no server.
    env = { ...process.env, DATA_DIR: dataDir, PORT: '1', DATABASE_URL: '' };
    if (process.env.DATABASE_URL) {
      const throwaway = await createThrowawayServerDatabase(process.env.DATABASE_URL);
      env.DATABASE_URL = throwaway.url;
      dropServerDatabase = throwaway.drop;
    }
  });
  afterAll(async () => {
    await dropServerDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const seed = (...args: string[]) => run(tsx, [seedScript, ...args], { env });
  const counts = async () => {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir });
    try {
      const [clientRows] = await database.db.select({ value: count() }).from(clients);
      const [licenceRows] = await database.db.select({ value: count() }).from(licences);
      const [activityRows] = await database.db.select({ value: count() }).from(activities);
      return {
        clients: clientRows!.value,
        licences: licenceRows!.value,
        activities: activityRows!.value,
      };
    } finally {
      await database.close();
    }
  };

  // Each run opens the embedded database from disk and migrates it: several seconds apiece.
  it(
    'seeds an empty database, then leaves it alone unless asked to reset',
    { timeout: 180_000 },
    async () => {
      const first = await seed('--clients', '12');
      expect(first.stdout).toMatch(
        /^Seeded 12 clients, \d+ licences, \d+ activities, 8 products, \d+ quotations, \d+ invoices and \d+ receipts, 3 app releases and [\d,]+ sessions/,
      );
      const seeded = await counts();
      expect(seeded.clients).toBe(12);
      expect(seeded.licences).toBeGreaterThanOrEqual(36);
      expect(seeded.activities).toBeGreaterThan(12);

      const again = await seed();
      expect(again.stdout).toContain('already has 12 clients; nothing seeded');
      expect(await counts()).toEqual(seeded);

      await seed('--reset', '--clients', '5');
      expect((await counts()).clients).toBe(5);
    },
  );
});
