import { consoleActions, type ConsoleAction, type ConsoleActionName } from '@patrol/contracts';
import { hasPermission, hasPermissions, type PermissionSubject } from './permissions';

/**
 * Whether the console shows an action: what its API route declares (consoleActions): its
 * permissions, the roles the route keeps it to, and a permission its body needs. A module apart
 * from permissions.ts, so the route guards the sign-in page loads do not bring the actions'
 * catalogue with them.
 */
export function canPerform(
  user: PermissionSubject | null | undefined,
  name: ConsoleActionName,
): boolean {
  const action: ConsoleAction = consoleActions[name];
  if (action.roles && !action.roles.some((role) => role === user?.role)) return false;
  if (action.bodyPermission && !hasPermission(user, action.bodyPermission)) return false;
  return hasPermissions(user, [action.permission, ...(action.otherPermissions ?? [])], action.mode);
}
