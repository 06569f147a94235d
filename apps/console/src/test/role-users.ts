import { roles, roleTemplates, type ConsoleActionName, type Role } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import type { StoredUser } from '@/lib/session-storage';

/** A signed-in user of each role template, as sign-in stores it. */
export const roleTemplateUsers: [Role, StoredUser][] = roles.map((role) => [
  role,
  {
    id: `u-${role}`,
    username: role,
    fullName: `${role} user`,
    role,
    permissions: roleTemplates[role],
    customPermissions: { granted: [], denied: [] },
  },
]);

/** The actions of `labels` that `user` may perform: what a screen should offer, no more. */
export function permittedActions(
  user: StoredUser,
  labels: Record<string, ConsoleActionName>,
): string[] {
  return Object.entries(labels)
    .filter(([, action]) => canPerform(user, action))
    .map(([label]) => label)
    .sort();
}
