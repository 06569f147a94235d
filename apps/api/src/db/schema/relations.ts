import { relations } from 'drizzle-orm';
import { clients, licences } from './clients';
import { invoiceLineItems, invoices, paymentEntries, paymentRejections } from './invoices';
import { quotationItems, quotations } from './quotations';
import { receiptAllocations, receipts } from './receipts';

// Relations for the relational query API (db.query.x.findMany({ with: ... })); no SQL is generated.

export const clientsRelations = relations(clients, ({ many }) => ({
  licences: many(licences),
}));

export const licencesRelations = relations(licences, ({ one }) => ({
  client: one(clients, { fields: [licences.clientId], references: [clients.id] }),
}));

export const quotationsRelations = relations(quotations, ({ one, many }) => ({
  client: one(clients, { fields: [quotations.clientId], references: [clients.id] }),
  items: many(quotationItems),
}));

export const quotationItemsRelations = relations(quotationItems, ({ one }) => ({
  quotation: one(quotations, {
    fields: [quotationItems.quotationId],
    references: [quotations.id],
  }),
}));

export const invoicesRelations = relations(invoices, ({ one, many }) => ({
  client: one(clients, { fields: [invoices.clientId], references: [clients.id] }),
  quotation: one(quotations, { fields: [invoices.quotationId], references: [quotations.id] }),
  lineItems: many(invoiceLineItems),
  paymentEntries: many(paymentEntries),
  rejections: many(paymentRejections),
}));

export const invoiceLineItemsRelations = relations(invoiceLineItems, ({ one }) => ({
  invoice: one(invoices, { fields: [invoiceLineItems.invoiceId], references: [invoices.id] }),
}));

export const paymentEntriesRelations = relations(paymentEntries, ({ one }) => ({
  invoice: one(invoices, { fields: [paymentEntries.invoiceId], references: [invoices.id] }),
  receipt: one(receipts, { fields: [paymentEntries.receiptId], references: [receipts.id] }),
}));

export const paymentRejectionsRelations = relations(paymentRejections, ({ one }) => ({
  invoice: one(invoices, { fields: [paymentRejections.invoiceId], references: [invoices.id] }),
}));

export const receiptsRelations = relations(receipts, ({ one, many }) => ({
  client: one(clients, { fields: [receipts.clientId], references: [clients.id] }),
  allocations: many(receiptAllocations),
}));

export const receiptAllocationsRelations = relations(receiptAllocations, ({ one }) => ({
  receipt: one(receipts, { fields: [receiptAllocations.receiptId], references: [receipts.id] }),
  invoice: one(invoices, { fields: [receiptAllocations.invoiceId], references: [invoices.id] }),
}));
