import { licenceIssuanceActions } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { licences } from './clients';
import { timestamptz } from './columns';
import { invoiceLineItems, invoices } from './invoices';
import { users } from './users';

/**
 * Each key an invoice line issued or extended when the payment completing the invoice was
 * validated. One row per (line, slot): slot i of a "new keys" line is its i-th key, slot i of a
 * renewal line its i-th renewed key, so issuing twice inserts nothing the second time.
 */
export const licenceIssuances = pgTable(
  'licence_issuances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** The invoice's number, so a key's "Paid by INV-..." reads this table, not the invoices. */
    invoiceNumber: text('invoice_number').notNull(),
    invoiceLineId: uuid('invoice_line_id')
      .notNull()
      .references(() => invoiceLineItems.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    /** Null once the key is deleted (revoked); licenceKey keeps what it was. */
    licenceId: uuid('licence_id').references(() => licences.id, { onDelete: 'set null' }),
    licenceKey: text('licence_key').notNull(),
    action: text('action', { enum: licenceIssuanceActions }).notNull(),
    validUntilBefore: timestamptz('valid_until_before'),
    validUntilAfter: timestamptz('valid_until_after'),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when a staff member revoked what the line issued (after a revert or full credit). */
    revokedAt: timestamptz('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('licence_issuances_line_slot_unique').on(table.invoiceLineId, table.slot),
    check('licence_issuances_action_check', sql`${table.action} in ('issued', 'extended')`),
    index('licence_issuances_invoice_id_idx').on(table.invoiceId, table.invoiceLineId, table.slot),
    index('licence_issuances_licence_id_idx').on(table.licenceId),
  ],
);

export type LicenceIssuanceRow = typeof licenceIssuances.$inferSelect;
export type NewLicenceIssuanceRow = typeof licenceIssuances.$inferInsert;
