import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../apps/api/src/db/client';

/**
 * Runs `fill` with the tables' keys, indexes and foreign keys (theirs and those pointing at them)
 * dropped, then builds them again from the filled rows: one sort an index and one join a foreign
 * key, where keeping fourteen indexes of crash reports (or three random keys of licences) up to
 * date and checking every reference row by row costs the seed most of its time at 10x. Inside the
 * seed's transaction, so a failed seed leaves no table without them; a duplicate key or a broken
 * reference fails the seed when its constraint is added again.
 */
export async function withIndexesBuiltAfter<T>(
  db: DbExecutor,
  tables: readonly string[],
  fill: () => Promise<T>,
): Promise<T> {
  const names = sql.raw(`array[${tables.map((table) => `'${table}'`).join(', ')}]::text[]`);
  const foreignKeys = await db.execute<{
    table: string;
    referenced: string;
    name: string;
    definition: string;
  }>(sql`
    select format('%I', t.relname) as table, format('%I', r.relname) as referenced,
      format('%I', k.conname) as name, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k
    join pg_class t on t.oid = k.conrelid
    join pg_class r on r.oid = k.confrelid
    where k.contype = 'f' and (t.relname = any(${names}) or r.relname = any(${names}))
      and t.relnamespace = 'public'::regnamespace`);
  const keys = await db.execute<{ table: string; name: string; definition: string }>(sql`
    select format('%I', t.relname) as table, format('%I', k.conname) as name,
      pg_get_constraintdef(k.oid) as definition
    from pg_constraint k join pg_class t on t.oid = k.conrelid
    where k.contype in ('p', 'u') and t.relname = any(${names})
      and t.relnamespace = 'public'::regnamespace`);
  const indexes = await db.execute<{ name: string; definition: string }>(sql`
    select format('%I', ic.relname) as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class ic on ic.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    where t.relname = any(${names}) and t.relnamespace = 'public'::regnamespace
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`);

  const run = (statement: string) => db.execute(sql.raw(statement));
  for (const key of foreignKeys.rows)
    await run(`alter table ${key.table} drop constraint ${key.name}`);
  for (const key of keys.rows) await run(`alter table ${key.table} drop constraint ${key.name}`);
  for (const index of indexes.rows) await run(`drop index ${index.name}`);
  const filled = await fill();
  for (const key of keys.rows) {
    await run(`alter table ${key.table} add constraint ${key.name} ${key.definition}`);
  }
  for (const index of indexes.rows) await run(index.definition);
  // Adding a reference checks it with one join, planned on the tables' statistics: without them
  // (autovacuum cannot see this transaction's rows) a table of a million rows looks empty and the
  // check probes the other table's index row by row, for minutes at 10x.
  const joined = new Set(foreignKeys.rows.flatMap((key) => [key.table, key.referenced]));
  if (joined.size > 0) await run(`analyze ${[...joined].join(', ')}`);
  for (const key of foreignKeys.rows) {
    await run(`alter table ${key.table} add constraint ${key.name} ${key.definition}`);
  }
  return filled;
}
