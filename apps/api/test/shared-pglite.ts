import { sql } from 'drizzle-orm';
import type { AppDb, Database } from '../src/db/client';

/**
 * One in-memory PGlite per test worker, lent to one test file at a time and emptied back to the
 * migrated template between them: emptying takes a tenth of a second where starting a PGlite from
 * the template takes one to four (the test files of a worker run one after another and share
 * this module, `isolate: false`). A file that changes the schema (creates a table, leaves a
 * trigger disabled) gets the instance thrown away instead, and a file that asks for a second
 * database while holding this one gets a fresh instance of its own.
 */
export async function lendSharedPglite(open: () => Promise<Database>): Promise<Database> {
  if (shared && !shared.lent && !(await emptiedToTemplate(shared))) {
    await shared.database.close();
    shared = undefined;
  }
  if (shared?.lent) return open();
  if (!shared) {
    const database = await open();
    shared = { database, lent: false, schema: await schemaFingerprint(database.db) };
  }
  return lend(shared);
}

interface SharedPglite {
  database: Database;
  lent: boolean;
  /** The template's schema, to notice a file that changed it. */
  schema: string;
}

let shared: SharedPglite | undefined;

/**
 * The database as its borrower sees it: closing hands it back, and the borrower's `db` refuses
 * work after that, as a closed PGlite would (a timer a file forgot cannot write into the next
 * file's data). Each loan's `db` is a new object, so what a module memoises per database (prepared
 * queries, caches) starts afresh with each file, as it would with a new database.
 */
function lend(instance: SharedPglite): Database {
  instance.lent = true;
  let returned = false;
  const db = new Proxy(instance.database.db, {
    get(target, property, receiver) {
      if (returned) throw new Error('The test database is closed');
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return {
    ...instance.database,
    db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (returned) return;
      returned = true;
      instance.lent = false;
    },
  };
}

/** Empties every table back to the migrated template's rows; false when the schema changed. */
async function emptiedToTemplate(instance: SharedPglite): Promise<boolean> {
  const { db } = instance.database;
  if ((await schemaFingerprint(db)) !== instance.schema) return false;
  const tables = await db.execute<{ name: string }>(sql`
    select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables
    where schemaname = 'public'`);
  const names = tables.rows.map((row) => row.name).join(', ');
  // Replica mode lets TRUNCATE past the append-only audit log's guard trigger.
  await db.execute(sql.raw(`set session_replication_role = replica`));
  try {
    await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
  } finally {
    await db.execute(sql.raw(`reset session_replication_role`));
  }
  // The one row a migration writes (0018_audit_chain.sql): the chain's head before any entry.
  await db.execute(
    sql`insert into audit_chain_head (id, seq, hash) values (1, 0, repeat('0', 64))`,
  );
  return true;
}

/** A digest of the tables, columns, indexes, triggers (enabled or not) and functions. */
async function schemaFingerprint(db: AppDb): Promise<string> {
  const result = await db.execute<{ digest: string }>(sql`
    select md5(string_agg(part, ',' order by part)) as digest from (
      select format('%s.%s:%s:%s', n.nspname, c.relname, c.relkind, c.relnatts) as part
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      union all
      select format('%s:%s:%s', t.tgrelid::regclass, t.tgname, t.tgenabled) from pg_trigger t
      union all
      select format('%s:%s', p.proname, md5(p.prosrc)) from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
    ) parts`);
  return result.rows[0]!.digest;
}
