import type { ListUsersQuery } from '@patrol/contracts';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { users, type NewUserRow, type UserRow } from '../../db/schema';

/** The whole user row (with hashes: for services only, never for a response). */
export async function findUserRow(db: DbExecutor, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Same as findUserRow, locking the row until the transaction ends. */
export async function findUserRowForUpdate(
  db: DbExecutor,
  id: string,
): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return user;
}

const sortColumns = {
  fullName: users.fullName,
  username: users.username,
  email: users.email,
  role: users.role,
  status: users.status,
  lastLogin: users.lastLoginAt,
  createdAt: users.createdAt,
} as const;

/** One page of users (search over name, username and email; role and status filters) and the total. */
export async function findUsersPage(db: DbExecutor, query: ListUsersQuery) {
  const conditions: (SQL | undefined)[] = [
    query.role ? eq(users.role, query.role) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  ];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(users.fullName, pattern),
        ilike(users.username, pattern),
        ilike(users.email, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const column = sortColumns[query.sortBy];
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    // Users who never signed in sort last either way; the id keeps pages stable on ties.
    .orderBy(sql`${direction(column)} nulls last`, asc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

/**
 * Which of a username and an email another account already uses (usernames compared without
 * case, emails are stored lowercased). `exceptId` leaves out the account being edited.
 */
export async function findTakenIdentity(
  db: DbExecutor,
  identity: { username: string; email: string },
  exceptId?: string,
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        or(
          eq(sql`lower(${users.username})`, identity.username.toLowerCase()),
          eq(users.email, identity.email),
        ),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  return {
    username: rows.some((row) => row.username.toLowerCase() === identity.username.toLowerCase()),
    email: rows.some((row) => row.email === identity.email),
  };
}

/** Inserts a user and answers the stored row. */
export async function insertUserRow(db: DbExecutor, values: NewUserRow): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** Updates a user's columns (and updatedAt) and answers the stored row. */
export async function updateUserRow(
  db: DbExecutor,
  id: string,
  values: Partial<NewUserRow>,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return user;
}

/** Deletes a user; sessions, backup codes and tokens go with it (foreign keys cascade). */
export async function deleteUserRow(db: DbExecutor, id: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}
