import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

/** The first active superadmin, by creation. */
export async function findFirstActiveSuperadmin(db: DbExecutor): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.role, 'superadmin'), eq(users.status, 'active')))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}
