import { and, count, eq, inArray, isNull, like, lt, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

// Reads and writes of staff accounts that other modules need: signing in (auth), naming the
// actors of the audit trail, counting staff for the dashboard.

/** True once the first administrator exists. */
export async function superadminExists(db: DbExecutor): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'superadmin'))
    .limit(1);
  return row !== undefined;
}

/** The full user row by (lowercased) email. */
export async function findUserByEmail(db: DbExecutor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** The user columns that authentication needs; secrets and hashes are left out. */
export async function findTokenAccountRow(db: DbExecutor, id: string) {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      status: users.status,
      permissions: users.permissions,
      customGranted: users.customGranted,
      customDenied: users.customDenied,
      twoFactorEnabled: users.twoFactorEnabled,
      sessionsValidAfter: users.sessionsValidAfter,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return user;
}

/** Usernames that start with `prefix` (to find a free one). */
export async function findUsernamesStartingWith(db: DbExecutor, prefix: string): Promise<string[]> {
  const escaped = prefix.replace(/[\\%_]/g, (character) => `\\${character}`);
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(like(users.username, `${escaped}%`));
  return rows.map((row) => row.username);
}

/**
 * Records `step` as the last accepted TOTP step unless it is not newer than the stored one.
 * Conditional, so two concurrent requests with the same code cannot both succeed.
 */
export async function advanceTotpStep(
  db: DbExecutor,
  userId: string,
  step: number,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ lastTotpStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.lastTotpStep), lt(users.lastTotpStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** The names of the accounts among `ids` (an account deleted since is missing). */
export async function findUserNames(db: DbExecutor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** How many staff accounts there are. */
export async function countUsers(db: DbExecutor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

/** How many of the accounts among `ids` are active. */
export async function countActiveUsersAmong(
  db: DbExecutor,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.status, 'active'), inArray(users.id, [...ids])));
  return row?.value ?? 0;
}
