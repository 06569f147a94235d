import {
  permissionKeys,
  type Permission,
  type Role,
  type User,
  type UserPermissionsResponse,
} from '@patrol/contracts';
import { effectivePermissions } from '@patrol/domain';
import type { UserRow } from '../../db/schema';
import type { AuditSnapshot } from '../audit/audit.service';

/** Stored keys that are in the catalogue, in catalogue order; retired keys grant nothing. */
function knownPermissions(keys: readonly string[]): Permission[] {
  return permissionKeys.filter((key) => keys.includes(key));
}

/** A user row as the API presents it: no password hash, no two-factor secret or step. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.fullName,
    role: row.role as Role,
    status: row.status,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    twoFactorEnabled: row.twoFactorEnabled,
    mustChangePassword: row.mustChangePassword,
    permissions: knownPermissions(row.permissions),
    customPermissions: {
      granted: knownPermissions(row.customGranted),
      denied: knownPermissions(row.customDenied),
    },
    createdAt: row.createdAt.toISOString(),
  };
}

/** The permissions call: stored list, overrides and what the one permission rule makes of them. */
export function presentUserPermissions(
  row: UserRow,
): UserPermissionsResponse['data']['permissions'] {
  const user = presentUser(row);
  return {
    role: user.role,
    permissions: user.permissions,
    customPermissions: user.customPermissions,
    effectivePermissions: effectivePermissions(user),
  };
}

/** The audited fields of a user (the trail never sees hashes, secrets or sign-in times). */
export function userAuditSnapshot(row: UserRow): AuditSnapshot {
  return {
    username: row.username,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    status: row.status,
    permissions: row.permissions,
    customGranted: row.customGranted,
    customDenied: row.customDenied,
  };
}
