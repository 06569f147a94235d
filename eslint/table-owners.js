// Which module owns each table of the Drizzle schema (apps/api/src/db/schema), by the table's
// export name. Only the owner's files import a table; every other module asks the owner's
// *.service.ts. eslint/boundaries.js turns this map into lint rules; docs/module-ownership.md
// explains it.

/** Table export name -> the module (apps/api/src/modules/<name>) or infrastructure that owns it. */
export const tableOwners = {
  // Staff accounts and their credentials.
  users: 'accounts',
  refreshTokens: 'auth',
  backupCodes: 'auth',
  oneTimeTokens: 'auth',
  // Client directory and licences.
  clients: 'clients',
  clientActiveCounts: 'clients',
  licences: 'licences',
  licenceIssuances: 'licences',
  licenceExpiryGroups: 'licences',
  licenceExpiryDayCounts: 'licences',
  licenceCreatedHourCounts: 'licences',
  licenceActivityMinutes: 'licences',
  activities: 'activity',
  auditLog: 'audit',
  auditChainHead: 'audit',
  // Settings and document numbering.
  companySettings: 'settings',
  documentCounters: 'settings',
  documentNumberPatterns: 'settings',
  // The patrol app's crash reports and releases, and the console's own builds.
  crashReports: 'crash-reports',
  crashGroups: 'crash-reports',
  crashGroupVersions: 'crash-reports',
  crashGroupDevices: 'crash-reports',
  crashGroupRedirects: 'crash-reports',
  crashMappings: 'crash-reports',
  crashReportCounts: 'crash-reports',
  otaVersions: 'ota',
  deviceAppVersions: 'ota',
  releaseSessionHours: 'ota',
  releaseDailyUsers: 'ota',
  releaseDevices: 'ota',
  releaseDeviceHours: 'ota',
  deviceVersionHours: 'ota',
  consoleUpdateSettings: 'console-updates',
  // Billing.
  products: 'products',
  quotations: 'quotations',
  quotationItems: 'quotations',
  quotationDayTotals: 'quotations',
  quotationOpenValidDayTotals: 'quotations',
  invoices: 'invoices',
  invoiceLineItems: 'invoices',
  paymentEntries: 'invoices',
  paymentRejections: 'invoices',
  invoiceIssueDayTotals: 'invoices',
  invoiceOwingDueDayTotals: 'invoices',
  invoiceOwingIssueDueCounts: 'invoices',
  paymentDayTotals: 'invoices',
  unpaidKeyDueCounts: 'invoices',
  clientOwingTotals: 'invoices',
  agingDueDayTotals: 'invoices',
  clientInvoiceDays: 'invoices',
  clientPeriodTotals: 'invoices',
  receipts: 'receipts',
  receiptAllocations: 'receipts',
  receiptMonthTotals: 'receipts',
  receiptDayTotals: 'receipts',
  receiptClientNameTotals: 'receipts',
  receiptClientNameMonthTotals: 'receipts',
  invoiceNotes: 'credit-notes',
  // MyInvois e-invoicing: the submission queue and its worker lease.
  einvoiceDocuments: 'einvoices',
  einvoiceWorkerLease: 'einvoices',
  // Renewals, payment reminders and overdue keys (issue 25).
  renewalRuns: 'renewals',
  renewalDrafts: 'renewals',
  invoiceReminders: 'renewals',
  licenceOverdueStates: 'renewals',
  // Infrastructure (apps/api/src/<folder>), which no module touches.
  mailOutbox: 'mail',
  idempotentRequests: 'http',
};

const billingTables = Object.keys(tableOwners).filter((table) =>
  ['products', 'quotations', 'invoices', 'receipts', 'credit-notes'].includes(tableOwners[table]),
);

/**
 * Read models: modules that own no table and read other modules' tables for reporting only.
 * They run read queries, never a write (reviewed, not linted: an import cannot tell them apart).
 */
export const readModels = {
  // The billing reports, statistics and aging over every billing document.
  'business-reports': billingTables,
};

/**
 * Cross-module table reads that remain, each a debt to pay by moving the read behind the owner's
 * service (listed in docs/module-ownership.md). None remain: the billing read model counts new
 * clients through the clients service.
 */
export const remainingCrossReads = {};
