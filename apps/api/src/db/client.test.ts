import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createThrowawayServerDatabase } from '../../test/test-database';
import { openDatabase, type AppDb, type Database } from './client';
import { findPostgresError, isUniqueViolation } from './errors';
import { resolveMigrationsFolder } from './migrate';
import { users, type NewUserRow } from './schema';

const serverUrl = process.env.DATABASE_URL;

const aUser = (overrides: Partial<NewUserRow> = {}): NewUserRow => ({
  username: 'aisyah',
  email: 'aisyah@example.com',
  passwordHash: 'hash',
  fullName: 'Aisyah Rahman',
  ...overrides,
});

async function appliedMigrationCount(db: AppDb): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return result.rows[0].count;
}

async function journalEntries(): Promise<{ tag: string; when: number }[]> {
  const journal = JSON.parse(
    await readFile(join(resolveMigrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  return journal.entries;
}

async function journalEntryCount(): Promise<number> {
  return (await journalEntries()).length;
}

describe(`database on ${serverUrl ? 'the PostgreSQL server' : 'in-memory PGlite'}`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('opens with the expected driver and answers a ping', async () => {
    expect(database.dialect).toBe(serverUrl ? 'postgres' : 'pglite');
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('applies every migration of the journal', async () => {
    expect(await appliedMigrationCount(database.db)).toBe(await journalEntryCount());
  });

  it('dates each migration after the one before, or a database migrated earlier skips it', async () => {
    // The migrator applies only migrations dated after the last one applied; drizzle-kit dates a
    // new one now, which is before the fixed dates of 0040 onwards.
    const entries = await journalEntries();
    const outOfOrder = entries
      .slice(1)
      .filter((entry, index) => entry.when <= entries[index]!.when)
      .map((entry) => entry.tag);
    expect(outOfOrder).toEqual([]);
  });

  it('round-trips a user with its column defaults', async () => {
    const [inserted] = await database.db.insert(users).values(aUser()).returning();
    const [read] = await database.db.select().from(users).where(eq(users.id, inserted.id));
    expect(read).toMatchObject({
      username: 'aisyah',
      email: 'aisyah@example.com',
      role: 'sales',
      status: 'active',
      permissions: [],
      customGranted: [],
      customDenied: [],
      twoFactorEnabled: false,
      twoFactorSecret: null,
      lastTotpStep: null,
      lastLoginAt: null,
    });
    expect(read.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(read.createdAt).toBeInstanceOf(Date);
  });

  it('raises a unique violation (23505) naming the constraint for a duplicate email', async () => {
    await database.db.insert(users).values(aUser({ username: 'first', email: 'dup@example.com' }));
    const error = await database.db
      .insert(users)
      .values(aUser({ username: 'second', email: 'dup@example.com' }))
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expect(findPostgresError(error)).toMatchObject({
      code: '23505',
      constraint: 'users_email_unique',
    });
  });

  it('rolls a transaction back when it throws', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await tx.insert(users).values(aUser({ username: 'ghost', email: 'ghost@example.com' }));
      throw new Error('abort');
    });
    await expect(attempt).rejects.toThrow('abort');
    const found = await database.db.select().from(users).where(eq(users.username, 'ghost'));
    expect(found).toEqual([]);
  });

  it('can be closed twice', async () => {
    const extra = await createTestDatabase();
    await extra.close();
    await expect(extra.close()).resolves.toBeUndefined();
  });
});

describe('persisted PGlite', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'patrol-db-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps data across close and reopen, without re-applying migrations', async () => {
    const first = await openDatabase({ dataDir });
    await first.db.insert(users).values(aUser());
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      const rows = await second.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: 'aisyah@example.com' }]);
      expect(await appliedMigrationCount(second.db)).toBe(await journalEntryCount());
    } finally {
      await second.close();
    }
    // Two on-disk PGlite starts: slow on a busy machine.
  }, 90_000);
});

describe.runIf(serverUrl)('PostgreSQL server migrations', () => {
  it('let several processes start at once and reopen without re-applying', async () => {
    const throwaway = await createThrowawayServerDatabase(serverUrl as string);
    try {
      // Two API processes starting together must not both run the migrations.
      const starts = await Promise.allSettled([
        openDatabase({ databaseUrl: throwaway.url }),
        openDatabase({ databaseUrl: throwaway.url }),
      ]);
      const opened = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
      await Promise.all(opened.map((database) => database.close()));
      expect(starts.map((start) => start.status)).toEqual(['fulfilled', 'fulfilled']);

      const reopened = await openDatabase({ databaseUrl: throwaway.url });
      try {
        expect(await appliedMigrationCount(reopened.db)).toBe(await journalEntryCount());
      } finally {
        await reopened.close();
      }
    } finally {
      await throwaway.drop();
    }
  });

  it('fails to open, without hanging, when the server refuses the database', async () => {
    const url = new URL(serverUrl as string);
    url.pathname = '/patrol_no_such_database';
    await expect(openDatabase({ databaseUrl: url.toString() })).rejects.toThrow(/does not exist/);
  });
});

describe('openDatabase options', () => {
  it('refuses to guess where the data lives', async () => {
    await expect(openDatabase({})).rejects.toThrow(/databaseUrl, a dataDir or inMemory/);
  });
});
