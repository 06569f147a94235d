import { invoiceNoteKinds, type InvoiceNoteLine, type PaymentMethod } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, jsonObject, money, timestamptz } from './columns';
import { invoices } from './invoices';
import type { DocumentClientInfo } from './quotations';
import { users } from './users';

/**
 * Credit notes (kind 'credit', CN- numbers), debit notes ('debit', DN- numbers) and refund notes
 * ('refund', RN- numbers) issued against an invoice: append-only documents, never edited. Lines
 * keep their tax as issued. A refund note also keeps how and when the money was paid back.
 */
export const invoiceNotes = pgTable(
  'invoice_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: invoiceNoteKinds }).notNull(),
    noteNumber: text('note_number').notNull().unique(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    invoiceNumber: text('invoice_number').notNull(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    clientInfo: jsonObject<DocumentClientInfo>('client_info'),
    issueDate: timestamptz('issue_date').notNull().defaultNow(),
    reason: text('reason').notNull(),
    lineItems: jsonb('line_items').$type<InvoiceNoteLine[]>().notNull(),
    subtotal: money('subtotal').notNull(),
    taxAmount: money('tax_amount').notNull(),
    totalAmount: money('total_amount').notNull(),
    invoiceOwedAfter: money('invoice_owed_after').notNull(),
    refundDue: money('refund_due').notNull().default('0'),
    /** Refund notes only: how, when and under which reference the money was paid back. */
    refundMethod: text('refund_method').$type<PaymentMethod>(),
    refundDate: timestamptz('refund_date'),
    refundReference: text('refund_reference'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(note_number || ' ' || invoice_number || ' ' || coalesce(client_info->>'companyName', '') || ' ' || coalesce(client_info->>'contactPerson', ''))`,
    ),
  },
  (table) => [
    index('invoice_notes_kind_created_idx').on(table.kind, table.createdAt, table.id),
    index('invoice_notes_invoice_id_idx').on(table.invoiceId, table.createdAt),
    index('invoice_notes_client_id_idx').on(table.clientId, table.createdAt),
  ],
);

export type InvoiceNoteRow = typeof invoiceNotes.$inferSelect;
export type NewInvoiceNoteRow = typeof invoiceNotes.$inferInsert;
