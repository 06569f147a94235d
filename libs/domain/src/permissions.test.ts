import type { Permission } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { canPerform } from './console-action-access';
import { hasPermission, hasPermissions, type PermissionSubject } from './permissions';

const sales: PermissionSubject = {
  role: 'sales',
  permissions: ['clients.view', 'quotations.view'],
  customPermissions: { granted: ['reports.view'], denied: ['quotations.view'] },
};

describe('hasPermission', () => {
  it.each<[string, PermissionSubject | null | undefined, Permission, boolean]>([
    ['denies when there is no user (null)', null, 'dashboard.view', false],
    ['denies when there is no user (undefined)', undefined, 'dashboard.view', false],
    [
      'allows superadmin anything, even with empty lists',
      { role: 'superadmin' },
      'users.delete',
      true,
    ],
    [
      'allows superadmin even a denied permission',
      { role: 'superadmin', customPermissions: { granted: [], denied: ['users.delete'] } },
      'users.delete',
      true,
    ],
    ['refuses a denied permission that is also in the list', sales, 'quotations.view', false],
    [
      'refuses a permission both granted and denied (denied wins)',
      { role: 'sales', customPermissions: { granted: ['users.view'], denied: ['users.view'] } },
      'users.view',
      false,
    ],
    ['allows a granted permission absent from the list', sales, 'reports.view', true],
    ['allows a permission from the list', sales, 'clients.view', true],
    ['refuses a permission in no list', sales, 'settings.edit', false],
    ['refuses when the user has no lists at all', { role: 'manager' }, 'clients.view', false],
    [
      'allows from the list when overrides are null',
      { role: 'Admin', permissions: ['clients.view'], customPermissions: null },
      'clients.view',
      true,
    ],
  ])('%s', (_name, user, permission, expected) => {
    expect(hasPermission(user, permission)).toBe(expected);
  });
});

describe('hasPermissions', () => {
  const billing: Permission[] = ['quotations.view', 'invoices.view'];
  const viewer: PermissionSubject = { role: 'sales', permissions: ['quotations.view'] };
  const both: PermissionSubject = { role: 'sales', permissions: billing };

  it.each<[string, PermissionSubject | null, Permission[], 'any' | 'all' | undefined, boolean]>([
    ['ANY (the default) allows with one of them', viewer, billing, undefined, true],
    ['ANY refuses with none of them', viewer, ['users.view', 'settings.view'], 'any', false],
    ['ALL refuses with only one of them', viewer, billing, 'all', false],
    ['ALL allows with every one of them', both, billing, 'all', true],
    ['an empty list allows any signed-in user', viewer, [], 'all', true],
    ['an empty list still denies no user', null, [], 'any', false],
    ['superadmin passes ALL', { role: 'superadmin' }, billing, 'all', true],
  ])('%s', (_name, user, permissions, mode, expected) => {
    expect(hasPermissions(user, permissions, mode)).toBe(expected);
  });
});

describe('canPerform', () => {
  const admin: PermissionSubject = {
    role: 'Admin',
    permissions: ['users.view', 'users.create', 'users.edit'],
  };

  it.each<[string, PermissionSubject, Parameters<typeof canPerform>[1], boolean]>([
    ['allows with the permission the route declares', admin, 'editUser', true],
    ['refuses a route kept to superadmin, whatever the permissions', admin, 'createUser', false],
    ['allows a superadmin a superadmin route', { role: 'superadmin' }, 'deleteUser', true],
    ['refuses without the permission the body needs', admin, 'manageUserPermissions', false],
    [
      'allows with the route permission and the body permission',
      { ...admin, customPermissions: { granted: ['permissions.manage'], denied: [] } },
      'manageUserPermissions',
      true,
    ],
    [
      'refuses when the route permission is denied',
      { ...admin, customPermissions: { granted: [], denied: ['users.edit'] } },
      'editUser',
      false,
    ],
  ])('%s', (_name, user, action, expected) => {
    expect(canPerform(user, action)).toBe(expected);
  });

  const accounts: PermissionSubject = {
    role: 'accounts',
    permissions: ['quotations.edit', 'invoices.view', 'invoices.edit'],
  };
  const sales: PermissionSubject = {
    role: 'sales',
    permissions: ['invoices.view', 'invoices.create'],
  };

  it('needs every permission of a route declared with ALL (convert a quotation)', () => {
    expect(canPerform(accounts, 'convertQuotation')).toBe(false);
    expect(
      canPerform(
        { ...accounts, permissions: ['quotations.edit', 'invoices.create'] },
        'convertQuotation',
      ),
    ).toBe(true);
  });

  it('needs one permission of a route declared with ANY (send an invoice)', () => {
    expect(canPerform(sales, 'sendInvoice')).toBe(true);
    expect(canPerform({ role: 'sales', permissions: ['invoices.view'] }, 'sendInvoice')).toBe(
      false,
    );
  });

  it('needs the role a route declares (validate a payment), whatever the permissions', () => {
    expect(canPerform(accounts, 'validatePaymentEntry')).toBe(true);
    expect(canPerform({ ...accounts, role: 'manager' }, 'validatePaymentEntry')).toBe(false);
  });
});
