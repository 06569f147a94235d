import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Assume } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool, type PoolConfig } from 'pg';
import { lockDataDir } from './data-dir-lock';
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate';
import * as schema from './schema';

/** What db.execute() resolves to on both drivers: pg's QueryResult and PGlite's Results share `rows`. */
export interface AppQueryResult<TRow> {
  rows: TRow[];
}

export interface AppQueryResultHKT extends PgQueryResultHKT {
  type: AppQueryResult<Assume<this['row'], Record<string, unknown>>>;
}

/** The Drizzle database, typed by what both drivers share. */
export type AppDb = PgDatabase<AppQueryResultHKT, typeof schema>;

/** A database or an open transaction: what every repo function takes first. */
export type DbExecutor = AppDb | Parameters<Parameters<AppDb['transaction']>[0]>[0];

/** An open, migrated database and how to check and release it. */
export interface Database {
  db: AppDb;
  dialect: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** This process's connection pool (null for the embedded database, which has none). */
  poolFigures(): PoolFigures | null;
  /** Releases the connections (or the embedded instance); safe to call twice. */
  close(): Promise<void>;
}

/** Clients of a pg pool: open (busy or idle), idle, and requests waiting for one. */
export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseOptions {
  /** A PostgreSQL server (`postgres://...`); when set, the embedded database is not used. */
  databaseUrl?: string;
  /** Root of the data directory; PGlite persists under `${dataDir}/pgdata`. */
  dataDir?: string;
  /** Use a throwaway in-memory PGlite (tests). */
  inMemory?: boolean;
  /** Start the in-memory PGlite from this data-directory dump (tests load a migrated template). */
  pgliteDump?: Blob;
  /** Told about errors on idle pooled connections (e.g. the server restarted); the pool recovers. */
  onPoolError?: (error: Error) => void;
  /** Tighter serving limits (tests playing database faults); defaults to `servingPoolLimits`. */
  poolLimits?: Partial<PoolLimits>;
}

/** Opens PostgreSQL when databaseUrl is set, else PGlite persisted under `${dataDir}/pgdata` (or in memory), and applies migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres({ ...options, databaseUrl: options.databaseUrl });
  if (options.inMemory) return openPglite(undefined, options.pgliteDump);
  if (options.dataDir) return openPglite(join(options.dataDir, 'pgdata'), undefined);
  throw new Error('openDatabase needs a databaseUrl, a dataDir or inMemory');
}

/** Extensions the migrations create; the embedded instance must load them. */
export const pgliteExtensions = { pg_trgm };

async function openPglite(dataDir: string | undefined, dump: Blob | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { extensions: pgliteExtensions, loadDataDir: dump });
  } catch (error) {
    unlock();
    throw error;
  }
  const release = async () => {
    await client.close();
    unlock();
  };
  const db = drizzlePglite({ client, schema });
  try {
    await migratePgliteDatabase(db);
  } catch (error) {
    await release();
    throw error;
  }
  return {
    db,
    dialect: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolFigures: () => null,
    close: once(release),
  };
}

type PoolLimits = Pick<
  PoolConfig,
  | 'connectionTimeoutMillis'
  | 'statement_timeout'
  | 'query_timeout'
  | 'idle_in_transaction_session_timeout'
  | 'min'
  | 'max'
  | 'keepAlive'
  | 'keepAliveInitialDelayMillis'
>;

/**
 * Limits for serving requests, so a silent or overloaded server cannot hold a request (or the
 * pool) forever: a new connection must open within 3 s, a statement ends after 10 s on the server
 * and after 12 s on the client when the server has gone silent, a transaction left idle is ended,
 * and TCP keep-alive notices a peer that vanished. Migrations run before these apply: building an
 * index on a large table may take longer.
 */
export const servingPoolLimits: PoolLimits = {
  // Ten connections, kept once opened (no idle timeout applies at the minimum): a new backend's
  // first statements load each table's catalog entries (a report's first run on fresh
  // connections at 10x took 80 ms, 30 ms on used ones), and staff open pages in bursts after
  // quiet spells.
  max: 10,
  min: 10,
  connectionTimeoutMillis: 3_000,
  statement_timeout: 10_000,
  query_timeout: 12_000,
  idle_in_transaction_session_timeout: 30_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
};

/**
 * For tools that write in bulk (the provider-scale seed): a statement may take minutes, so no
 * statement or query timeout; the connection and keep-alive limits still apply.
 */
export const bulkWritePoolLimits: Partial<PoolLimits> = {
  statement_timeout: 0,
  query_timeout: 0,
  idle_in_transaction_session_timeout: 0,
};

async function openPostgres({
  databaseUrl,
  onPoolError,
  poolLimits,
}: DatabaseOptions & { databaseUrl: string }): Promise<Database> {
  const migrationPool = new Pool({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 10_000,
  });
  try {
    await migratePostgresDatabase(drizzleNodePg({ client: migrationPool, schema }), migrationPool);
  } finally {
    await migrationPool.end();
  }
  const pool = new Pool({ connectionString: databaseUrl, ...servingPoolLimits, ...poolLimits });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', (error) => onPoolError?.(error));
  // The pool listens to a client only while it is idle: one dropped while checked out between two
  // statements (inside a transaction) would raise an unhandled 'error' and crash the process. The
  // next statement on it fails on its own, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', (error) => onPoolError?.(error)));
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    dialect: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolFigures: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: once(() => pool.end()),
  };
}

function once(action: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => (result ??= action());
}
