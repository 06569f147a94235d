import type { Permission, Role } from './permissions';

/** One console action: the API call it makes and what that call declares. */
export interface ConsoleAction {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  /** The permission the route declares (the first, when it declares several). */
  permission: Permission;
  /** The route's other permissions: any one of them all will do, unless `mode` is 'all'. */
  otherPermissions?: readonly Permission[];
  mode?: 'any' | 'all';
  /** Only these roles, whatever their permissions, as the route's `access.roles` says. */
  roles?: readonly Role[];
  /**
   * A further permission that this call's body needs, checked by the route's own middleware
   * (the permission dialog's body of PUT /api/users/:id also needs permissions.manage).
   */
  bodyPermission?: Permission;
}
