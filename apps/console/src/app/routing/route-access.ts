import type { Permission } from '@patrol/contracts';
import type { PermissionMode } from '@patrol/domain';

/** The permissions a protected screen needs: ANY of them, or ALL when mode is 'all'. */
export type AccessRule = { permissions: readonly Permission[]; mode: PermissionMode };

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
  users: any('users.view'),
  settings: any('settings.view'),
  crashReports: any('settings.view'),
  ota: any('settings.view'),
  systemStatus: any('settings.view'),
} satisfies Record<string, AccessRule>;
