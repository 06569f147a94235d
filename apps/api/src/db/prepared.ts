import type { DbExecutor } from './client';

const byDatabase = new WeakMap<DbExecutor, Map<string, unknown>>();

/**
 * A named prepared statement, built once per database and name: PostgreSQL then parses and plans
 * it once per connection instead of on every request, and Drizzle builds its SQL once. For the
 * hottest fixed-shape queries (parameters as `sql.placeholder`). The memo holds query objects
 * only, and goes with the database.
 */
export function prepared<Query>(db: DbExecutor, name: string, build: () => Query): Query {
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = new Map();
    byDatabase.set(db, queries);
  }
  let query = queries.get(name) as Query | undefined;
  if (!query) {
    query = build();
    queries.set(name, query);
  }
  return query;
}
