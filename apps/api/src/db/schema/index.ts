// The Drizzle schema, one file per domain. The whole module is passed to drizzle(), which picks
// out the tables and relations.
export * from './users';
export * from './system';
export * from './clients';
export * from './products';
export * from './quotations';
export * from './invoices';
export * from './client-report-roll-ups';
export * from './receipts';
export * from './credit-notes';
export * from './licence-issuances';
export * from './einvoices';
export * from './operations';
export * from './release-sessions';
export * from './renewals';
export * from './relations';
