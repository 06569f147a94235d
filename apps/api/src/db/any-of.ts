import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `column` (a uuid) is one of `ids`, sent as one array parameter. An IN list takes a parameter
 * per id, and a list as long as the data (every overdue invoice at provider scale) passes both
 * PostgreSQL's 65,535 parameters and the call stack Drizzle builds the statement with.
 */
export function isAnyOf(column: PgColumn, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::uuid[])`;
}
