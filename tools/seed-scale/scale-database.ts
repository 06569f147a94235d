import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { bulkWritePoolLimits, openDatabase, type Database } from '../../apps/api/src/db/client';
import { seedActivity } from './areas/activity';
import { seedBilling } from './areas/billing';
import { seedClients } from './areas/clients';
import { withIndexesBuiltAfter } from './areas/indexes-after';
import { seedLicences } from './areas/licences';
import { seedOperations } from './areas/operations';
import { createSqlHelpers } from './areas/sql-helpers';
import { seedStaff } from './areas/staff';
import { scaleDatabaseName, scalePlan } from './plan';

/** Where a scale lives: its own database on a server, or its own embedded data directory. */
export type ScaleTarget =
  { dialect: 'postgres'; databaseUrl: string } | { dialect: 'pglite'; dataDir: string };

export interface ScaleOptions {
  scale: number;
  dialect: 'postgres' | 'pglite';
  /** A server URL whose user may create databases (postgres). */
  serverUrl?: string;
  /** Root of the embedded scale data (pglite); each scale gets a folder under it. */
  dataRoot?: string;
  /** Drop what the scale had and seed it again. */
  reset?: boolean;
  log?: (line: string) => void;
}

export interface ScaleSummary {
  target: ScaleTarget;
  clients: number;
  licences: number;
  activities: number;
  /** False when the scale was seeded by an earlier run and kept. */
  seededNow: boolean;
  seconds: number;
}

/** The target of a scale, whether seeded yet or not. */
export function scaleTarget(options: ScaleOptions): ScaleTarget {
  if (options.dialect === 'pglite') {
    const root = options.dataRoot ?? join(process.cwd(), 'data', 'scale');
    return { dialect: 'pglite', dataDir: join(root, scaleDatabaseName(options.scale)) };
  }
  const url = new URL(options.serverUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${scaleDatabaseName(options.scale)}`;
  return { dialect: 'postgres', databaseUrl: url.toString() };
}

/**
 * Makes sure the scale's database holds the data set (seeding it through bulk SQL when it does
 * not, or when `reset` asks), and answers what it holds.
 */
export async function ensureScaleDatabase(options: ScaleOptions): Promise<ScaleSummary> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const target = scaleTarget(options);
  if (target.dialect === 'postgres') {
    await prepareServerDatabase(options.serverUrl, target.databaseUrl, options.reset ?? false);
  } else if (options.reset) {
    rmSync(target.dataDir, { recursive: true, force: true });
  }
  const database = await openTarget(target);
  try {
    const plan = scalePlan(options.scale);
    const existing = await seededCounts(database);
    if (existing) {
      // Scales seeded before billing or crash reports were part of the data set gain them in place.
      const billingSeeded = await ensureBilling(database, plan, log);
      const operationsSeeded = await ensureOperations(database, plan, log);
      return {
        target,
        ...existing,
        seededNow: billingSeeded || operationsSeeded,
        seconds: (Date.now() - started) / 1000,
      };
    }
    log(`seeding scale ${options.scale} (${target.dialect}): ${plan.clients} clients...`);
    const step = (line: string) => log(`  ${line} (${secondsSince(started)} s)`);
    const counts = await database.db.transaction(async (tx) => {
      await createSqlHelpers(tx);
      await seedStaff(tx, plan.staff);
      const clients = await seedClients(tx, plan.clients);
      const { licences, activities } = await withIndexesBuiltAfter(tx, bulkTables, async () => {
        step(`licences (about ${plan.licences})...`);
        const licences = await seedLicences(tx, plan.licences, clients);
        // The statements after plan on what this transaction wrote (autovacuum cannot see it).
        await tx.execute(sql`analyze clients, licences`);
        step(`${licences} licences; ${plan.activities} activities...`);
        const activities = await seedActivity(tx, plan.activities);
        step(`billing: ${plan.products} products, ${plan.quotations} quotations...`);
        await seedBilling(tx, plan);
        step(`crash reports: ${plan.crashReports} in ${plan.crashGroups} groups; app releases...`);
        await seedOperations(tx, { reports: plan.crashReports, groups: plan.crashGroups });
        step('keys, indexes and references...');
        return { licences, activities };
      });
      await tx.execute(sql`
        create table if not exists scale_seed (scale numeric primary key, clients int, licences int,
          activities int, seeded_at timestamptz default now())`);
      await tx.execute(sql`insert into scale_seed (scale, clients, licences, activities)
        values (${options.scale}, ${clients}, ${licences}, ${activities})`);
      return { clients, licences, activities };
    });
    step('compacting and analyzing...');
    await compact(database);
    return { target, ...counts, seededNow: true, seconds: (Date.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}

/**
 * The tables the seed fills in bulk: their keys, indexes and references are built once they hold
 * their rows (`withIndexesBuiltAfter`).
 */
const bulkTables = [
  'licences',
  'licence_issuances',
  'activities',
  'quotations',
  'quotation_items',
  'invoices',
  'invoice_line_items',
  'payment_entries',
  'receipts',
  'receipt_allocations',
  'crash_reports',
] as const;

const secondsSince = (started: number) => ((Date.now() - started) / 1000).toFixed(0);

/**
 * Rewrites the tables the seed's bulk updates leave dead rows in (links, counters: up to as many
 * as the live rows), then vacuums and analyzes every table, which also marks the pages of the
 * tables filled once as all-visible for index-only scans. Left to autovacuum, those dead rows
 * would stay in the files and make every scan measure a bloat a steadily running provider does not
 * have; rewriting the tables filled once (activities, crash reports) would only cost minutes.
 */
async function compact(database: Database): Promise<void> {
  await database.db.execute(sql`vacuum (full) ${sql.raw(updatedTables.join(', '))}`);
  await database.db.execute(sql`vacuum (analyze)`);
}

/** The tables the seed fills and then updates in bulk (`update`, or a counter trigger's). */
const updatedTables = ['clients', 'licences', 'quotations', 'invoices', 'payment_entries'];

/** Seeds the billing area of a scale seeded without it; true when it did. */
async function ensureBilling(
  database: Database,
  plan: ReturnType<typeof scalePlan>,
  log: (line: string) => void,
): Promise<boolean> {
  const found = await database.db.execute<{ present: boolean }>(
    sql`select exists (select 1 from quotations where quotation_number like 'SQ-%') as present`,
  );
  if (found.rows[0]?.present) return false;
  log(`  adding billing: ${plan.products} products, ${plan.quotations} quotations...`);
  await database.db.transaction(async (tx) => {
    await seedBilling(tx, plan);
  });
  await compact(database);
  return true;
}

/** Seeds crash reports and app releases into a scale seeded without them; true when it did. */
async function ensureOperations(
  database: Database,
  plan: ReturnType<typeof scalePlan>,
  log: (line: string) => void,
): Promise<boolean> {
  const found = await database.db.execute<{ present: boolean }>(
    sql`select exists (select 1 from crash_groups where fingerprint like 'scale-%') as present`,
  );
  if (found.rows[0]?.present) return false;
  log(`  adding ${plan.crashReports} crash reports in ${plan.crashGroups} groups, app releases...`);
  await database.db.transaction(async (tx) => {
    await seedOperations(tx, { reports: plan.crashReports, groups: plan.crashGroups });
  });
  await compact(database);
  return true;
}

/** Opens (and migrates) the scale's database. */
export function openTarget(target: ScaleTarget): Promise<Database> {
  return target.dialect === 'postgres'
    ? openDatabase({
        databaseUrl: withBulkMemory(target.databaseUrl),
        poolLimits: bulkWritePoolLimits,
      })
    : openDatabase({ dataDir: target.dataDir });
}

/**
 * The seed's sessions sort in memory what the server's defaults (64 MB) would spill to disk: the
 * keys and indexes built after the fill, the compaction's rewrites, and the large joins and sorts.
 */
function withBulkMemory(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', '-c maintenance_work_mem=1GB -c work_mem=256MB');
  return url.toString();
}

async function seededCounts(database: Database) {
  const found = await database.db.execute<{ exists: boolean }>(
    sql`select to_regclass('scale_seed') is not null as exists`,
  );
  if (!found.rows[0]?.exists) return undefined;
  const rows = await database.db.execute<{ clients: number; licences: number; activities: number }>(
    sql`select clients, licences, activities from scale_seed limit 1`,
  );
  return rows.rows[0];
}

async function prepareServerDatabase(
  serverUrl: string | undefined,
  databaseUrl: string,
  reset: boolean,
): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: serverUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await admin.connect();
  try {
    if (reset) await admin.query(`drop database if exists ${name} with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}
