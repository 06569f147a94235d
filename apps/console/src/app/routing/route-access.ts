import type { Permission, Role } from '@patrol/contracts';
import {
  auditReadPermissions,
  hasPermissions,
  type PermissionMode,
  type PermissionSubject,
} from '@patrol/domain';

/**
 * The permissions a protected screen needs: ANY of them, or ALL when mode is 'all'; `roles`
 * narrows it to those roles whatever the permissions (a screen the API keeps to a role).
 */
export type AccessRule = {
  permissions: readonly Permission[];
  mode: PermissionMode;
  roles?: readonly Role[];
};

const any = (...permissions: Permission[]): AccessRule => ({ permissions, mode: 'any' });

/** The route table's access column (spec 1 section 2.1, spec 2 section 2), shared by menu and guards. */
export const routeAccess = {
  dashboard: any('dashboard.view'),
  clients: any('clients.view'),
  addClient: any('clients.create'),
  editClient: any('clients.edit'),
  clientDetail: any('clients.view'),
  licences: any('products.view'),
  billing: { permissions: ['quotations.view', 'invoices.view'], mode: 'all' },
  // Spec 2 sections 2.1 and 6: user management is the superadmin's, whoever else holds users.view.
  users: { permissions: ['users.view'], mode: 'any', roles: ['superadmin'] },
  settings: any('settings.view'),
  // As the API: any permission that shows one of the trail's entity types; the API then answers
  // only the types the reader's permissions cover.
  audit: { permissions: auditReadPermissions, mode: 'any' },
  crashReports: any('crashes.view'),
  ota: any('ota.view'),
  systemStatus: any('system.view'),
} satisfies Record<string, AccessRule>;

/** Whether `user` may open a screen with `rule` (the menu shows exactly these). */
export function canOpen(user: PermissionSubject | null | undefined, rule: AccessRule): boolean {
  if (rule.roles && !rule.roles.some((role) => role === user?.role)) return false;
  return hasPermissions(user, rule.permissions, rule.mode);
}
