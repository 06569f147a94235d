import type { CustomPermissions, Permission } from '@patrol/contracts';

/** The part of a user that decides what it may do. */
export interface PermissionSubject {
  role?: string | null;
  permissions?: readonly string[] | null;
  customPermissions?: Partial<CustomPermissions> | null;
}

/**
 * The one permission rule (spec 1 section 5): no user is denied; superadmin is always allowed;
 * a denied override refuses; a granted override allows; otherwise the user's own list decides.
 */
export function hasPermission(
  user: PermissionSubject | null | undefined,
  permission: Permission,
): boolean {
  if (!user) return false;
  if (user.role === 'superadmin') return true;
  if (user.customPermissions?.denied?.includes(permission)) return false;
  if (user.customPermissions?.granted?.includes(permission)) return true;
  return user.permissions?.includes(permission) ?? false;
}

export type PermissionMode = 'any' | 'all';

/** ANY of the permissions by default, ALL when `mode` is 'all' (only /billing). */
export function hasPermissions(
  user: PermissionSubject | null | undefined,
  permissions: readonly Permission[],
  mode: PermissionMode = 'any',
): boolean {
  if (permissions.length === 0) return !!user;
  return mode === 'all'
    ? permissions.every((permission) => hasPermission(user, permission))
    : permissions.some((permission) => hasPermission(user, permission));
}
