import type { ConsoleAction } from './console-action';

/** The roles that validate or reject payments (spec 3 section 6), as the routes declare them. */
const paymentValidators = ['superadmin', 'accounts'] as const;

/**
 * The billing screens' actions: products, quotations, invoices, payments and their validation,
 * credit, debit and refund notes, licences issued by an invoice, reports and their export. Each names
 * the route it calls; apps/api/test/console-actions.test.ts checks each against the route.
 */
export const billingConsoleActions = {
  createProduct: { method: 'post', path: '/api/business/products', permission: 'products.create' },
  editProduct: { method: 'put', path: '/api/business/products/:id', permission: 'products.edit' },
  setProductStatus: {
    method: 'put',
    path: '/api/business/products/:id/status',
    permission: 'products.edit',
  },
  deleteProduct: {
    method: 'delete',
    path: '/api/business/products/:id',
    permission: 'products.delete',
  },
  createQuotation: {
    method: 'post',
    path: '/api/business/quotations',
    permission: 'quotations.create',
  },
  editQuotation: {
    method: 'put',
    path: '/api/business/quotations/:id',
    permission: 'quotations.edit',
  },
  setQuotationStatus: {
    method: 'put',
    path: '/api/business/quotations/:id/status',
    permission: 'quotations.edit',
  },
  sendQuotation: {
    method: 'post',
    path: '/api/business/quotations/:id/send',
    permission: 'quotations.edit',
  },
  deleteQuotation: {
    method: 'delete',
    path: '/api/business/quotations/:id',
    permission: 'quotations.delete',
  },
  convertQuotation: {
    method: 'put',
    path: '/api/business/quotations/:id/convert-to-invoice',
    permission: 'quotations.edit',
    otherPermissions: ['invoices.create'],
    mode: 'all',
  },
  revertQuotation: {
    method: 'patch',
    path: '/api/business/quotations/:id/revert',
    permission: 'invoices.edit',
  },
  processPayment: {
    method: 'put',
    path: '/api/business/invoices/:id/process-payment',
    permission: 'invoices.edit',
  },
  sendInvoice: {
    method: 'post',
    path: '/api/business/invoices/:id/send',
    permission: 'invoices.edit',
    otherPermissions: ['invoices.create'],
  },
  revertInvoice: {
    method: 'post',
    path: '/api/business/invoices/:id/revert',
    permission: 'invoices.edit',
  },
  validatePayment: {
    method: 'put',
    path: '/api/invoices/:id/validate-payment',
    permission: 'invoices.view',
    roles: paymentValidators,
  },
  rejectPayment: {
    method: 'put',
    path: '/api/invoices/:id/reject-payment',
    permission: 'invoices.view',
    roles: paymentValidators,
  },
  validatePaymentEntry: {
    method: 'post',
    path: '/api/business/invoices/:id/payments/:paymentId/validate',
    permission: 'invoices.edit',
    roles: paymentValidators,
  },
  rejectPaymentEntry: {
    method: 'post',
    path: '/api/business/invoices/:id/payments/:paymentId/reject',
    permission: 'invoices.edit',
    roles: paymentValidators,
  },
  revokeInvoiceLicences: {
    method: 'post',
    path: '/api/business/invoices/:id/licences/revoke',
    permission: 'invoices.edit',
  },
  issueCreditNote: {
    method: 'post',
    path: '/api/business/invoices/:id/credit-notes',
    permission: 'invoices.edit',
  },
  issueDebitNote: {
    method: 'post',
    path: '/api/business/invoices/:id/debit-notes',
    permission: 'invoices.edit',
  },
  issueRefundNote: {
    method: 'post',
    path: '/api/business/invoices/:id/refund-notes',
    permission: 'invoices.edit',
  },
  viewReports: { method: 'get', path: '/api/business/reports', permission: 'reports.view' },
  exportReport: {
    method: 'get',
    path: '/api/business/reports/export/:type',
    permission: 'reports.export',
  },
} as const satisfies Record<string, ConsoleAction>;
