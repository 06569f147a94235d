import type { ConsoleAction } from './console-action';

const superadmin = ['superadmin'] as const;

/**
 * The console actions of the users, settings, console-update and system screens, spread into
 * consoleActions (console-actions.ts). Users' create, delete and account recovery are a
 * superadmin's, as their routes declare.
 */
export const peopleConsoleActions = {
  createUser: { method: 'post', path: '/api/users', permission: 'users.create', roles: superadmin },
  editUser: { method: 'put', path: '/api/users/:id', permission: 'users.edit' },
  manageUserPermissions: {
    method: 'put',
    path: '/api/users/:id',
    permission: 'users.edit',
    bodyPermission: 'permissions.manage',
  },
  deleteUser: {
    method: 'delete',
    path: '/api/users/:id',
    permission: 'users.delete',
    roles: superadmin,
  },
  sendPasswordReset: {
    method: 'post',
    path: '/api/users/:id/password-reset',
    permission: 'users.edit',
    roles: superadmin,
  },
  setTemporaryPassword: {
    method: 'post',
    path: '/api/users/:id/temporary-password',
    permission: 'users.edit',
    roles: superadmin,
  },
  resetTwoFactor: {
    method: 'post',
    path: '/api/users/:id/reset-2fa',
    permission: 'users.edit',
    roles: superadmin,
  },
  saveSettings: { method: 'put', path: '/api/settings', permission: 'settings.edit' },
  resetSettings: { method: 'post', path: '/api/settings/reset', permission: 'settings.edit' },
  uploadLogo: { method: 'post', path: '/api/settings/logo', permission: 'settings.edit' },
  deleteLogo: { method: 'delete', path: '/api/settings/logo', permission: 'settings.edit' },
  checkConsoleUpdate: {
    method: 'get',
    path: '/api/ota/dashboard/check',
    permission: 'settings.view',
  },
  applyConsoleUpdate: {
    method: 'post',
    path: '/api/ota/dashboard/apply',
    permission: 'settings.edit',
  },
  changeUpdateChannel: {
    method: 'post',
    path: '/api/ota/dashboard/channel',
    permission: 'settings.edit',
  },
  exportSystemReport: {
    method: 'get',
    path: '/api/system/export-report',
    permission: 'system.view',
  },
} as const satisfies Record<string, ConsoleAction>;
