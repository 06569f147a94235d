import type { AuditEntityType } from '@patrol/contracts';

/** Each kind of entity the trail records, as the Entity filter names it. */
export const auditEntityNames: Record<AuditEntityType, string> = {
  session: 'Sign-ins and sessions',
  user: 'Users (accounts, passwords, two-factor, permissions)',
  client: 'Clients',
  licence: 'Licences',
  settings: 'Company settings',
  product: 'Products',
  quotation: 'Quotations',
  invoice: 'Invoices',
  payment: 'Payments',
  receipt: 'Receipts',
  credit_note: 'Credit notes',
  debit_note: 'Debit notes',
  refund_note: 'Refund notes',
  einvoice: 'E-invoices',
  crash_report: 'Crash reports',
  ota_version: 'App releases',
};
