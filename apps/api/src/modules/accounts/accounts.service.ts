import type { Permission } from '@patrol/contracts';
import { hasPermission } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { NewUserRow, UserRow } from '../../db/schema';
import { findUserNames } from './account-lookups.repo';
import { findUserRow, insertUserRow, updateUserRow } from './accounts.repo';
import { findActiveStaffPermissions } from './staff-recipients.repo';

// The staff accounts (the users table) that other modules read and write through this module: the
// users screens manage them, the auth module signs staff in and keeps their credentials on the
// account, the audit trail names its actors and the dashboard counts staff. Owning them apart from
// both users and auth keeps those two modules from depending on each other in a circle.
export {
  deleteUserRow,
  findTakenIdentity,
  findUserRow,
  findUserRowForUpdate,
  findUsersPage,
  insertUserRow,
  updateUserRow,
} from './accounts.repo';
export {
  advanceTotpStep,
  countActiveUsersAmong,
  countUsers,
  findTokenAccountRow,
  findUserByEmail,
  findUsernamesStartingWith,
  superadminExists,
} from './account-lookups.repo';

/** The full user row by id (with hashes: for services only, never for a response). */
export function findUserRowById(db: DbExecutor, id: string): Promise<UserRow | undefined> {
  return findUserRow(db, id);
}

/** Inserts a user and answers the stored row. */
export function insertUser(db: DbExecutor, values: NewUserRow): Promise<UserRow> {
  return insertUserRow(db, values);
}

/** Updates some columns of a user (and its updatedAt). */
export async function updateUser(
  db: DbExecutor,
  id: string,
  values: Partial<Omit<NewUserRow, 'id'>>,
): Promise<void> {
  await updateUserRow(db, id, values);
}

/** An account's name for display, by id; a deleted account is absent from the map. */
export async function userNamesById(
  db: DbExecutor,
  ids: readonly string[],
): Promise<Map<string, { id: string; username: string; fullName: string }>> {
  const rows = await findUserNames(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The e-mail addresses of active staff holding `permission` (who an alert is mailed to). */
export async function activeStaffEmailsWith(
  db: DbExecutor,
  permission: Permission,
): Promise<string[]> {
  const rows = await findActiveStaffPermissions(db);
  return rows
    .filter((row) =>
      hasPermission(
        {
          role: row.role,
          permissions: row.permissions,
          customPermissions: {
            granted: row.customGranted as Permission[],
            denied: row.customDenied as Permission[],
          },
        },
        permission,
      ),
    )
    .map((row) => row.email);
}
