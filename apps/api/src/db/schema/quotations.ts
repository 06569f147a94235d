import { licenceActions, paymentTerms, quotationStatuses, taxTypes } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, jsonObject, money, rate, timestamptz, updatedAt } from './columns';
import { invoices } from './invoices';
import { products } from './products';
import { users } from './users';

/** The client as printed on a document, copied at creation so later client edits do not change it. */
export interface DocumentClientInfo {
  companyName: string;
  contactPerson?: string;
  email?: string;
  phone?: string;
  address?: string;
}

/** Customer quotations; totals are stored as computed when the items were last saved. */
export const quotations = pgTable(
  'quotations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quotationNumber: text('quotation_number').notNull().unique(),
    /** Null once the client is deleted; the document keeps its clientInfo copy. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    clientInfo: jsonObject<DocumentClientInfo>('client_info'),
    quotationDate: timestamptz('quotation_date').notNull().defaultNow(),
    validUntil: timestamptz('valid_until').notNull(),
    validityDays: integer('validity_days').notNull().default(30),
    paymentTerms: text('payment_terms', { enum: paymentTerms }).notNull().default('NET_30'),
    notes: text('notes'),
    taxRate: rate('tax_rate').notNull().default('0.08'),
    subtotal: money('subtotal').notNull().default('0'),
    taxAmount: money('tax_amount').notNull().default('0'),
    discountAmount: money('discount_amount').notNull().default('0'),
    totalAmount: money('total_amount').notNull().default('0'),
    status: text('status', { enum: quotationStatuses }).notNull().default('draft'),
    /** The invoice this quotation was converted to (cleared when the invoice is reverted). */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'set null',
    }),
    /** The converted invoice's number, so the list's search finds a quotation by it. */
    invoiceNumber: text('invoice_number'),
    sentAt: timestamptz('sent_at'),
    /** The address the quotation was last e-mailed to; null when it was only marked as sent. */
    sentTo: text('sent_to'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the list's search matches (number, client, invoice number), lowercased once per write. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(quotation_number || ' ' || coalesce(client_info->>'companyName', '') || ' ' || coalesce(client_info->>'contactPerson', '') || ' ' || coalesce(invoice_number, ''))`,
    ),
  },
  (table) => [
    // With the id, each list order is one index walk, deep pages included; per status, so a
    // status's page in any order is a range of one of these (findSortedPage's branches).
    index('quotations_status_idx').on(table.status, table.createdAt, table.id),
    // It carries every sort key of the list (INCLUDE, migration 0060): the still-valid drafts or
    // sent quotations are read from it alone (sorted-page.ts's coveredRange).
    index('quotations_status_valid_until_idx').on(table.status, table.validUntil, table.id),
    index('quotations_status_quotation_date_idx').on(table.status, table.quotationDate, table.id),
    index('quotations_status_number_idx').on(table.status, table.quotationNumber, table.id),
    index('quotations_status_total_amount_idx').on(table.status, table.totalAmount, table.id),
    index('quotations_client_id_idx').on(table.clientId, table.createdAt),
    index('quotations_created_at_idx').on(table.createdAt, table.id),
    // The list's sort by amount walks this instead of sorting every row.
    index('quotations_total_amount_idx').on(table.totalAmount, table.id),
    index('quotations_valid_until_idx').on(table.validUntil, table.id),
    // Reports count and sum the quotations dated in a period; with the id, the list's sort by
    // date walks it without sorting a day's quotations (a renewal run dates thousands alike).
    index('quotations_quotation_date_idx').on(table.quotationDate, table.id),
    index('quotations_invoice_id_idx').on(table.invoiceId),
    index('quotations_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // A search's count (up to 1,000 past the page) reads this narrow copy of the searched text
    // index-only, instead of 450-byte rows. The text stays far under a btree entry's limit.
    index('quotations_search_text_idx').on(table.searchText),
  ],
);

/** Lines of a quotation, in display order. */
export const quotationItems = pgTable(
  'quotation_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quotationId: uuid('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    description: text('description').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    /** Percent off the line, 0 to 100. */
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    lineTotal: money('line_total').notNull(),
    /** The line's tax as issued: its type and rate stay when the settings change later. */
    taxType: text('tax_type', { enum: taxTypes }).notNull().default('EXEMPT'),
    taxRate: rate('tax_rate').notNull().default('0'),
    taxAmount: money('tax_amount').notNull().default('0'),
    /** For a licence product: new keys (quantity = keys) or a renewal of renewalLicenceIds. */
    licenceAction: text('licence_action', { enum: licenceActions }),
    renewalLicenceIds: uuid('renewal_licence_ids').array(),
  },
  (table) => [
    index('quotation_items_quotation_id_idx').on(table.quotationId, table.position),
    check(
      'quotation_items_licence_action_check',
      sql`${table.licenceAction} is null or ${table.licenceAction} in ('new_keys', 'renewal')`,
    ),
  ],
);

export type QuotationRow = typeof quotations.$inferSelect;
export type NewQuotationRow = typeof quotations.$inferInsert;
export type QuotationItemRow = typeof quotationItems.$inferSelect;
export type NewQuotationItemRow = typeof quotationItems.$inferInsert;

/**
 * Quotation figures per quotation day (UTC), kept by statement triggers on quotations (migration
 * 0036) in the writing transaction: counts by stored status and the value.
 */
export const quotationDayTotals = pgTable('quotation_day_totals', {
  quotationDay: date('quotation_day', { mode: 'string' }).primaryKey(),
  quotations: bigint('quotations', { mode: 'number' }).notNull().default(0),
  accepted: bigint('accepted', { mode: 'number' }).notNull().default(0),
  expired: bigint('expired', { mode: 'number' }).notNull().default(0),
  converted: bigint('converted', { mode: 'number' }).notNull().default(0),
  totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
});

/** Drafts and sent quotations per last valid day (UTC): past it they read as expired. */
export const quotationOpenValidDayTotals = pgTable(
  'quotation_open_valid_day_totals',
  {
    validDay: date('valid_day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    quotations: bigint('quotations', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.validDay, table.status] })],
);
