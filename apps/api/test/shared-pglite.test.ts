import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './test-database';

const onPglite = !process.env.DATABASE_URL;

async function usernames(database: Database): Promise<string[]> {
  const result = await database.db.execute<{ username: string }>(
    sql`select username from users order by username`,
  );
  return result.rows.map((row) => row.username);
}

async function insertUser(database: Database, username: string): Promise<void> {
  await database.db.execute(sql`
    insert into users (username, email, password_hash, full_name, role)
    values (${username}, ${`${username}@example.test`}, 'x', ${username}, 'sales')`);
}

describe.runIf(onPglite)("the worker's shared PGlite", () => {
  it('comes back holding only what the migrations wrote', async () => {
    const first = await createTestDatabase();
    await insertUser(first, 'left-behind');
    await first.db.execute(sql`update audit_chain_head set seq = 7 where id = 1`);
    await first.close();

    const next = await createTestDatabase();
    try {
      expect(await usernames(next)).toEqual([]);
      const head = await next.db.execute<{ seq: string; hash: string }>(
        sql`select seq::text, hash from audit_chain_head`,
      );
      expect(head.rows).toEqual([{ seq: '0', hash: '0'.repeat(64) }]);
    } finally {
      await next.close();
    }
  });

  it('refuses work through a database its file has closed', async () => {
    const database = await createTestDatabase();
    await database.close();
    expect(() => database.db.execute(sql`select 1`)).toThrow('The test database is closed');
    await expect(database.ping()).rejects.toThrow('The test database is closed');
  });

  it('gives a second database asked for while the first is lent an instance of its own', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    try {
      await insertUser(second, 'only-in-second');
      expect(await usernames(first)).toEqual([]);
      expect(await usernames(second)).toEqual(['only-in-second']);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('is replaced after a file changed the schema', async () => {
    const changed = await createTestDatabase();
    await changed.db.execute(sql`create table left_by_a_test (id integer)`);
    await changed.db.execute(sql`alter table audit_log disable trigger user`);
    await changed.close();

    const next = await createTestDatabase();
    try {
      const found = await next.db.execute<{ table: string | null }>(
        sql`select to_regclass('left_by_a_test')::text as table`,
      );
      expect(found.rows).toEqual([{ table: null }]);
      const disabled = await next.db.execute<{ count: number }>(sql`
        select count(*)::int as count from pg_trigger
        where tgrelid = 'audit_log'::regclass and tgenabled = 'D'`);
      expect(disabled.rows).toEqual([{ count: 0 }]);
    } finally {
      await next.close();
    }
  });
});
