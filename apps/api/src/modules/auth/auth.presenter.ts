import { permissionKeys, type Permission, type Role, type SessionUser } from '@patrol/contracts';
import { hasPermission } from '@patrol/domain';
import type { UserRow } from '../../db/schema';
import type { AuthUser } from '../../http/authenticate';

/** Stored keys that are in the catalogue; a key retired from the catalogue grants nothing. */
function knownPermissions(keys: readonly string[]): Permission[] {
  return permissionKeys.filter((key) => keys.includes(key));
}

/** The columns an `AuthUser` is built from. */
type AuthUserColumns = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'email'
  | 'fullName'
  | 'role'
  | 'status'
  | 'permissions'
  | 'customGranted'
  | 'customDenied'
>;

/** A user row in the shape `authenticate` gives handlers (no hash, no secret). */
export function toAuthUser(user: AuthUserColumns): AuthUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    status: user.status,
    permissions: knownPermissions(user.permissions),
    customPermissions: {
      granted: knownPermissions(user.customGranted),
      denied: knownPermissions(user.customDenied),
    },
  };
}

/**
 * The user stored by the console after sign-in. `permissions` is the effective list (role,
 * stored list and overrides already applied by the one permission rule), so a console that only
 * reads the list decides like the server does.
 */
export function presentSessionUser(user: AuthUser): SessionUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    role: user.role as Role,
    status: user.status,
    permissions: permissionKeys.filter((key) => hasPermission(user, key)),
    customPermissions: user.customPermissions,
  };
}
