import { roleTemplates } from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../http/authenticate';
import { findFirstActiveSuperadmin } from './system-actor.repo';

/**
 * The account a scheduled job acts as when it writes documents (a quotation names who created
 * it): the first active superadmin. Undefined when there is none yet (before first-run setup).
 */
export async function scheduledJobActor(db: DbExecutor): Promise<AuthUser | undefined> {
  const row = await findFirstActiveSuperadmin(db);
  if (!row) return undefined;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    status: 'active',
    permissions: [...roleTemplates.superadmin],
    customPermissions: { granted: [], denied: [] },
  };
}
