import { z } from 'zod';

/**
 * The permission catalogue (spec 2, section 3): the 26 keys the spec enumerates, plus the crash
 * report, OTA release and system status keys of issue 29 (docs/roles-and-permissions.md), which
 * take those screens away from company settings. The spec also speaks of 10 areas and of
 * conversion/revert keys "not detailed"; conversion is governed by quotations.edit +
 * invoices.create and revert by invoices.edit (see docs/spec-departures.md).
 */
export const permissionAreas = {
  dashboard: ['dashboard.view'],
  users: ['users.view', 'users.create', 'users.edit', 'users.delete'],
  permissions: ['permissions.manage'],
  clients: ['clients.view', 'clients.create', 'clients.edit', 'clients.delete'],
  products: ['products.view', 'products.create', 'products.edit', 'products.delete'],
  quotations: ['quotations.view', 'quotations.create', 'quotations.edit', 'quotations.delete'],
  invoices: ['invoices.view', 'invoices.create', 'invoices.edit', 'invoices.delete'],
  reports: ['reports.view', 'reports.export'],
  settings: ['settings.view', 'settings.edit'],
  crashes: ['crashes.view', 'crashes.manage'],
  ota: ['ota.view', 'ota.upload', 'ota.activate'],
  system: ['system.view'],
} as const;

export type PermissionArea = keyof typeof permissionAreas;
export const permissionKeys = Object.values(permissionAreas).flat() as Permission[];
export type Permission = (typeof permissionAreas)[PermissionArea][number];
export const permissionSchema = z.enum(
  Object.values(permissionAreas).flat() as [Permission, ...Permission[]],
);

/** Human labels for the permission dialog. */
export const permissionAreaLabels: Record<PermissionArea, string> = {
  dashboard: 'Dashboard',
  users: 'Users',
  permissions: 'Permissions',
  clients: 'Clients',
  products: 'Products',
  quotations: 'Quotations',
  invoices: 'Invoices',
  reports: 'Reports',
  settings: 'Settings',
  crashes: 'Crash Reports',
  ota: 'OTA Releases',
  system: 'System Status',
};

/** Each permission in words: the permission dialog's switches, and what a page says is missing. */
export const permissionLabels: Record<Permission, string> = {
  'dashboard.view': 'View dashboard',
  'users.view': 'View users',
  'users.create': 'Create users',
  'users.edit': 'Edit users',
  'users.delete': 'Delete users',
  'permissions.manage': 'Manage permissions',
  'clients.view': 'View clients',
  'clients.create': 'Create clients',
  'clients.edit': 'Edit clients',
  'clients.delete': 'Delete clients',
  'products.view': 'View products',
  'products.create': 'Create products',
  'products.edit': 'Edit products',
  'products.delete': 'Delete products',
  'quotations.view': 'View quotations',
  'quotations.create': 'Create quotations',
  'quotations.edit': 'Edit quotations',
  'quotations.delete': 'Delete quotations',
  'invoices.view': 'View invoices',
  'invoices.create': 'Create invoices',
  'invoices.edit': 'Edit invoices',
  'invoices.delete': 'Delete invoices',
  'reports.view': 'View reports',
  'reports.export': 'Export reports',
  'settings.view': 'View settings',
  'settings.edit': 'Edit settings',
  'crashes.view': 'View crash reports',
  'crashes.manage': 'Manage crash reports',
  'ota.view': 'View OTA releases',
  'ota.upload': 'Upload OTA releases',
  'ota.activate': 'Activate and roll out OTA releases',
  'system.view': 'View system status',
};

export const roles = ['superadmin', 'Admin', 'accounts', 'sales', 'manager', 'support'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

const salesPermissions: Permission[] = [
  'dashboard.view',
  'clients.view',
  'products.view',
  'quotations.view',
  'quotations.create',
  'quotations.edit',
  'invoices.view',
  'invoices.create',
];

/** Role templates (spec 2, section 6). superadmin holds every permission. */
export const roleTemplates: Record<Role, Permission[]> = {
  superadmin: [...permissionKeys],
  Admin: permissionKeys.filter((key) => key !== 'permissions.manage' && key !== 'users.delete'),
  accounts: [...salesPermissions, 'invoices.edit', 'reports.view'],
  sales: salesPermissions,
  manager: [
    'dashboard.view',
    'users.view',
    'clients.view',
    'clients.edit',
    'products.view',
    'products.create',
    'products.edit',
    'quotations.view',
    'quotations.create',
    'quotations.edit',
    'invoices.view',
    'invoices.create',
    'invoices.edit',
    'reports.view',
    'reports.export',
  ],
  // Ships the app: crash reports, releases and system status; no billing, no settings.
  support: [
    'dashboard.view',
    'clients.view',
    'crashes.view',
    'crashes.manage',
    'ota.view',
    'ota.upload',
    'ota.activate',
    'system.view',
  ],
};

/** Per-user overrides on top of the role's permissions; denied wins. */
export const customPermissionsSchema = z.object({
  granted: z.array(permissionSchema).default([]),
  denied: z.array(permissionSchema).default([]),
});
export type CustomPermissions = z.infer<typeof customPermissionsSchema>;
