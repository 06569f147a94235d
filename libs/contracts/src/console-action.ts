import type { Permission, Role } from './permissions';

/** One console action: the API call it makes and what that call declares. */
export interface ConsoleAction {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  permission: Permission;
  /** Only these roles, whatever their permissions, as the route's `access.roles` says. */
  roles?: readonly Role[];
  /**
   * A further permission that this call's body needs, checked by the route's own middleware
   * (the permission dialog's body of PUT /api/users/:id also needs permissions.manage).
   */
  bodyPermission?: Permission;
}
