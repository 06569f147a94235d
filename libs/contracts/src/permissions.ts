import { z } from 'zod';

/**
 * The permission catalogue (spec 2, section 3): the 26 keys the spec enumerates. The spec also
 * speaks of 10 areas and of conversion/revert keys "not detailed"; the enumerated keys fall into
 * 9 areas and total 26, so conversion is governed by quotations.edit + invoices.create and revert
 * by invoices.edit (see docs/spec-departures.md).
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
};

export const roles = ['superadmin', 'Admin', 'accounts', 'sales', 'manager'] as const;
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
};

/** Per-user overrides on top of the role's permissions; denied wins. */
export const customPermissionsSchema = z.object({
  granted: z.array(permissionSchema).default([]),
  denied: z.array(permissionSchema).default([]),
});
export type CustomPermissions = z.infer<typeof customPermissionsSchema>;
