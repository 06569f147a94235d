import { randomUUID } from 'node:crypto';
import { roleTemplates } from '@patrol/contracts';
import type { Database } from '../../apps/api/src/db/client';
import { users } from '../../apps/api/src/db/schema';
import { signAccessToken } from '../../apps/api/src/http/access-token';

/**
 * A superadmin with two-factor set up, inserted for this run, and an access token signed with the
 * API's own helper and secret (what a completed sign-in would give the console).
 */
export async function benchStaffToken(database: Database, jwtSecret: string): Promise<string> {
  const suffix = randomUUID().slice(0, 8);
  const [user] = await database.db
    .insert(users)
    .values({
      username: `bench-${suffix}`,
      email: `bench-${suffix}@example.test`,
      passwordHash: 'not used: the bench signs its token itself',
      fullName: 'Bench Runner',
      role: 'superadmin',
      status: 'active',
      permissions: [...roleTemplates.superadmin],
      twoFactorEnabled: true,
    })
    .returning();
  return signAccessToken(jwtSecret, user!.id, '2h');
}
