import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/** PostgreSQL's own figures for the open database (the same query on a server and on PGlite). */
export interface DatabaseStats {
  /** Backends connected to this database. */
  backends: number;
  /** Commits plus rollbacks since the statistics were last reset. */
  transactions: number;
  /** Rows read by scans (tup_returned) since the reset. */
  rowsRead: number;
  /** Bytes on disk. */
  sizeBytes: number;
  maxConnections: number;
  version: string;
}

interface StatsRow extends Record<string, unknown> {
  backends: string | number;
  transactions: string | number;
  rows_read: string | number;
  size_bytes: string | number;
  max_connections: string | number;
  version: string;
}

/**
 * One row of pg_stat_database for the current database, its size and the server's connection
 * ceiling: system views and a file-size sum, no table is read.
 */
export async function readDatabaseStats(db: DbExecutor): Promise<DatabaseStats> {
  const { rows } = await db.execute<StatsRow>(sql`
    select
      coalesce(s.numbackends, 0) as backends,
      coalesce(s.xact_commit + s.xact_rollback, 0) as transactions,
      coalesce(s.tup_returned, 0) as rows_read,
      pg_database_size(current_database()) as size_bytes,
      current_setting('max_connections') as max_connections,
      current_setting('server_version') as version
    from (select 1) as one
    left join pg_stat_database s on s.datname = current_database()
  `);
  const row = rows[0];
  if (!row) throw new Error('pg_stat_database answered no row');
  return {
    backends: Number(row.backends),
    transactions: Number(row.transactions),
    rowsRead: Number(row.rows_read),
    sizeBytes: Number(row.size_bytes),
    maxConnections: Number(row.max_connections),
    version: row.version,
  };
}
