import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openDatabase, pgliteExtensions, type Database } from '../src/db/client';
import { migratePgliteDatabase, resolveMigrationsFolder } from '../src/db/migrate';
import { lendSharedPglite } from './shared-pglite';

/**
 * A migrated database holding nothing but what the migrations write, for one test file: the
 * worker's in-memory PGlite emptied for it (`shared-pglite.ts`), or a throwaway database on the
 * server named by DATABASE_URL (a copy of a migrated template with a random name, dropped on close).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return lendSharedPglite(async () =>
      openDatabase({ inMemory: true, pgliteDump: await migratedPgliteDump() }),
    );
  }

  const throwaway = await createThrowawayServerDatabase(serverUrl, {
    template: await migratedServerTemplate(serverUrl),
  });
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: throwaway.url });
  } catch (error) {
    await throwaway.drop();
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    ...database,
    close: () => (closed ??= database.close().then(() => throwaway.drop())),
  };
}

/**
 * A database with a random name on the server: empty, for tests that open it themselves, or a
 * copy of `template`.
 */
export async function createThrowawayServerDatabase(
  serverUrl: string,
  options: { template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `patrol_test_${randomBytes(6).toString('hex')}`;
  const template = options.template ? ` template ${options.template}` : '';
  await runAdminStatement(serverUrl, `create database ${name}${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE ends connections a failed test may have left open, so the drop cannot hang.
    drop: async () => {
      await runAdminStatement(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function runAdminStatement(serverUrl: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database on the server migrated once per set of migrations (named by their hash), which each
 * test file's database copies: CREATE DATABASE ... TEMPLATE copies files in a fraction of the
 * seconds that running every migration takes. Built under a temporary name and renamed when
 * complete, so a parallel test worker never copies a half-migrated one; templates of earlier
 * migrations are dropped.
 */
async function migratedServerTemplate(serverUrl: string): Promise<string> {
  const name = `patrol_template_${await migrationsHash()}`;
  const exists = async () =>
    (await runAdminStatement(serverUrl, `select 1 from pg_database where datname = '${name}'`))
      .rowCount === 1;
  if (await exists()) return name;

  const building = await createThrowawayServerDatabase(serverUrl);
  try {
    const database = await openDatabase({ databaseUrl: building.url });
    await database.close();
    const buildingName = new URL(building.url).pathname.slice(1);
    await runAdminStatement(serverUrl, `alter database ${buildingName} rename to ${name}`);
  } catch (error) {
    await building.drop();
    // Another worker finished the same template first.
    if (await exists()) return name;
    throw error;
  }
  const stale = await runAdminStatement(
    serverUrl,
    `select datname from pg_database where datname like 'patrol\\_template\\_%' and datname <> '${name}'`,
  );
  // Not forced: a template another run is copying right now stays, to go next time.
  for (const row of stale.rows as { datname: string }[]) {
    await runAdminStatement(serverUrl, `drop database if exists ${row.datname}`).catch(
      () => undefined,
    );
  }
  return name;
}

/**
 * A freshly migrated PGlite, dumped once and cached in the temp directory under a hash of the
 * migrations: starting from the dump takes under a second, against ~4 s for a new PGlite.
 */
async function migratedPgliteDump(): Promise<Blob> {
  const cachePath = join(tmpdir(), `patrol-pglite-template-${await migrationsHash()}.tar.gz`);
  if (existsSync(cachePath)) return new Blob([await readFile(cachePath)]);

  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migratePgliteDatabase(drizzle({ client }));
    const dump = await client.dumpDataDir('gzip');
    // Written aside then renamed, so a parallel test worker never reads a half-written file.
    const partialPath = `${cachePath}.${process.pid}.partial`;
    await writeFile(partialPath, Buffer.from(await dump.arrayBuffer()));
    await rename(partialPath, cachePath);
    return dump;
  } finally {
    await client.close();
  }
}

async function migrationsHash(): Promise<string> {
  const folder = resolveMigrationsFolder();
  const hash = createHash('sha256');
  for (const file of (await readdir(folder, { recursive: true })).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(await readFile(join(folder, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}
