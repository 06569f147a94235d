import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Pool } from 'pg';

// Arbitrary constant shared by every API process: the advisory lock that serialises migrations.
const migrationLockKey = 720_431_905;

/**
 * Locates the drizzle-kit migrations folder. It sits next to the running module in both layouts:
 * `src/db/migrate.ts` -> `src/db/migrations` from source (vitest, tsx), and
 * `dist/main.js` -> `dist/migrations` in the esbuild bundle, where the build copies it.
 */
export function resolveMigrationsFolder(moduleUrl: string = import.meta.url): string {
  const folder = fileURLToPath(new URL('./migrations', moduleUrl));
  if (!existsSync(`${folder}/meta/_journal.json`)) {
    throw new Error(`Database migrations not found in ${folder}`);
  }
  return folder;
}

/** Applies pending migrations to an embedded PGlite database (one process owns it). */
export async function migratePgliteDatabase<TSchema extends Record<string, unknown>>(
  db: PgliteDatabase<TSchema>,
): Promise<void> {
  await migratePglite(db, { migrationsFolder: resolveMigrationsFolder() });
}

/**
 * Applies pending migrations to a PostgreSQL server. Several API processes may start at once, so
 * the run is serialised with a session advisory lock held on a dedicated connection.
 */
export async function migratePostgresDatabase<TSchema extends Record<string, unknown>>(
  db: NodePgDatabase<TSchema>,
  pool: Pool,
): Promise<void> {
  const migrationsFolder = resolveMigrationsFolder();
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migrateNodePg(db, { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    lockClient.release();
  }
}
