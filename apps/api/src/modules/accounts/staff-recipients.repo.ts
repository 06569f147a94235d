import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { users } from '../../db/schema';

/** Active staff with what decides their permissions, for choosing who is mailed an alert. */
export function findActiveStaffPermissions(db: DbExecutor) {
  return db
    .select({
      email: users.email,
      role: users.role,
      permissions: users.permissions,
      customGranted: users.customGranted,
      customDenied: users.customDenied,
    })
    .from(users)
    .where(eq(users.status, 'active'));
}
