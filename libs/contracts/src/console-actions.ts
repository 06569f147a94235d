import { billingConsoleActions } from './billing-console-actions';
import type { ConsoleAction } from './console-action';
import { peopleConsoleActions } from './console-actions-people';

export type { ConsoleAction } from './console-action';

/**
 * The buttons and menu entries the console shows only to users who may use them. Each names the
 * route it calls; apps/api/test/console-actions.test.ts checks the permission against the route's
 * declaration, so console and API cannot drift apart.
 */
export const consoleActions = {
  ...peopleConsoleActions,
  createClient: { method: 'post', path: '/api/clients', permission: 'clients.create' },
  editClient: { method: 'put', path: '/api/clients/:companyId', permission: 'clients.edit' },
  setClientStatus: { method: 'patch', path: '/api/clients/:id/status', permission: 'clients.edit' },
  deleteClient: { method: 'delete', path: '/api/clients/:companyId', permission: 'clients.delete' },
  addLicences: {
    method: 'post',
    path: '/api/clients/:companyId/licences',
    permission: 'products.create',
  },
  bindLicence: { method: 'post', path: '/api/licences/bind', permission: 'products.edit' },
  unbindLicence: { method: 'post', path: '/api/licences/unbind', permission: 'products.edit' },
  extendLicence: { method: 'post', path: '/api/licences/:key/extend', permission: 'products.edit' },
  deleteLicence: { method: 'delete', path: '/api/licences/:key', permission: 'products.delete' },
  uploadRelease: { method: 'post', path: '/api/ota/upload', permission: 'ota.upload' },
  deleteRelease: { method: 'delete', path: '/api/ota/versions/:id', permission: 'ota.upload' },
  activateRelease: {
    method: 'patch',
    path: '/api/ota/versions/:id/activate',
    permission: 'ota.activate',
  },
  deactivateRelease: {
    method: 'patch',
    path: '/api/ota/versions/:id/deactivate',
    permission: 'ota.activate',
  },
  changeRollout: {
    method: 'patch',
    path: '/api/ota/versions/:id/rollout',
    permission: 'ota.activate',
  },
  moveRollout: {
    method: 'post',
    path: '/api/ota/versions/:id/rollout-action',
    permission: 'ota.activate',
  },
  uploadMapping: {
    method: 'post',
    path: '/api/ota/versions/:id/mapping',
    permission: 'ota.upload',
  },
  deleteMapping: {
    method: 'delete',
    path: '/api/ota/versions/:id/mapping',
    permission: 'ota.upload',
  },
  distributeRelease: {
    method: 'post',
    path: '/api/ota/mobile/distribute',
    permission: 'ota.activate',
  },
  retryEinvoice: {
    method: 'post',
    path: '/api/business/einvoices/:documentId/retry',
    permission: 'invoices.edit',
  },
  cancelEinvoice: {
    method: 'post',
    path: '/api/business/einvoices/:documentId/cancel',
    permission: 'invoices.edit',
  },
  changeCrashStatus: {
    method: 'put',
    path: '/api/crash-reports/:id',
    permission: 'crashes.manage',
  },
  mergeCrashGroups: {
    method: 'post',
    path: '/api/crash-reports/groups/:fingerprint/merge',
    permission: 'crashes.manage',
  },
  splitCrashGroup: {
    method: 'post',
    path: '/api/crash-reports/groups/:fingerprint/split',
    permission: 'crashes.manage',
  },
  splitCrashReports: {
    method: 'post',
    path: '/api/crash-reports/groups/:fingerprint/split-reports',
    permission: 'crashes.manage',
  },
  ...billingConsoleActions,
} as const satisfies Record<string, ConsoleAction>;

export type ConsoleActionName = keyof typeof consoleActions;
