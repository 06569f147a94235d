import { transactionTypes } from '@patrol/contracts';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, jsonObject, money, stringArray, timestamptz, updatedAt } from './columns';
import { invoices, type PaymentMethod } from './invoices';
import type { DocumentClientInfo } from './quotations';
import { users } from './users';

/** A line printed on a receipt (copied from the paid invoices). */
export interface ReceiptLineItem {
  description: string;
  category?: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

/** One entry of a receipt's audit trail, with the actor's name as it was then. */
export interface ReceiptAuditEntry {
  action: 'created' | 'updated';
  at: string;
  by: string;
  metadata: { paymentMethods?: PaymentMethod[] };
}

export interface ReceiptBankDetails {
  bankName?: string;
  accountNumber?: string;
  transactionId?: string;
}

/** The columns a receipt's searched texts are made of. */
interface SearchedReceiptColumns {
  clientInfo: AnyPgColumn;
  receiptNumber: AnyPgColumn;
  referenceNumber: AnyPgColumn;
  invoiceNumbers: AnyPgColumn;
}

/**
 * A receipt's printed client name as its search matches it (lowercased): the key of the
 * receipts' name roll-ups, so a search's figures add up a row per name that matches.
 */
export function receiptClientNameText(table: SearchedReceiptColumns): SQL {
  return sql`lower(coalesce(${table.clientInfo}->>'companyName', ''))`;
}

/** The rest of what a receipt's search matches (number, reference, invoices), lowercased. */
export function receiptOwnText(table: SearchedReceiptColumns): SQL {
  return sql`lower(${table.receiptNumber} || ' ' || coalesce(${table.referenceNumber}, '') || ' ' || ${table.invoiceNumbers}::text)`;
}

/** Payment receipts; how the amount is spread over invoices is in receiptAllocations. */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receiptNumber: text('receipt_number').notNull().unique(),
    /** Numbers of the invoices this receipt pays, denormalised for listing and search. */
    invoiceNumbers: stringArray('invoice_numbers'),
    paymentDate: timestamptz('payment_date').notNull(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    clientInfo: jsonObject<DocumentClientInfo>('client_info'),
    totalAmount: money('total_amount').notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    transactionType: text('transaction_type', { enum: transactionTypes }).notNull(),
    referenceNumber: text('reference_number'),
    /** Printed on the receipt so its authenticity can be checked. */
    verificationCode: text('verification_code').notNull().unique(),
    currency: text('currency').notNull().default('MYR'),
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 6 }).notNull().default('1'),
    lineItems: jsonb('line_items')
      .$type<ReceiptLineItem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    bankDetails: jsonb('bank_details').$type<ReceiptBankDetails>(),
    notes: text('notes'),
    auditLog: jsonb('audit_log')
      .$type<ReceiptAuditEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The list's sort by payment date (ties by id) walks it; it also carries the other sort keys
    // and the method (INCLUDE, migration 0058), so a date range's page is read from it alone
    // (sorted-page.ts's coveredRange).
    index('receipts_payment_date_idx').on(table.paymentDate, table.id),
    index('receipts_created_at_idx').on(table.createdAt, table.id),
    // The list's sort by amount walks this instead of sorting every row.
    index('receipts_total_amount_idx').on(table.totalAmount, table.id),
    index('receipts_client_id_idx').on(table.clientId, table.createdAt),
    // The list's search matches either text (receipt-search.repo.ts); each has its trigram index.
    index('receipts_client_name_trgm_idx').using(
      'gin',
      sql`${receiptClientNameText(table)} gin_trgm_ops`,
    ),
    index('receipts_own_text_trgm_idx').using('gin', sql`${receiptOwnText(table)} gin_trgm_ops`),
    // A method's receipts by amount: the largest payments gather in a few methods, so a walk of
    // every receipt by amount passes thousands of others before a page of one method's.
    index('receipts_payment_method_idx').on(table.paymentMethod, table.totalAmount, table.id),
    index('receipts_transaction_type_idx').on(table.transactionType),
  ],
);

/** How much of a receipt went to each invoice, with the invoice's outstanding before and after. */
export const receiptAllocations = pgTable(
  'receipt_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'set null',
    }),
    invoiceNumber: text('invoice_number').notNull(),
    allocatedAmount: money('allocated_amount').notNull(),
    outstandingBefore: money('outstanding_before').notNull(),
    outstandingAfter: money('outstanding_after').notNull(),
  },
  (table) => [
    index('receipt_allocations_receipt_id_idx').on(table.receiptId),
    index('receipt_allocations_invoice_id_idx').on(table.invoiceId),
  ],
);

export type ReceiptRow = typeof receipts.$inferSelect;
export type NewReceiptRow = typeof receipts.$inferInsert;
export type ReceiptAllocationRow = typeof receiptAllocations.$inferSelect;
export type NewReceiptAllocationRow = typeof receiptAllocations.$inferInsert;

/**
 * The receipts tab's figures per payment month (count and amount), kept by triggers on receipts
 * (migration 0014), so the unfiltered tab adds a row per month instead of every receipt.
 */
export const receiptMonthTotals = pgTable('receipt_month_totals', {
  /** The first day of the payment month ('YYYY-MM-01'), as payment_date's calendar day. */
  month: date('month', { mode: 'string' }).primaryKey(),
  receipts: bigint('receipts', { mode: 'number' }).notNull().default(0),
  totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
});

/**
 * The same figures per payment day and method, kept by triggers on receipts (migration 0043), so
 * the tab filtered by method or date range adds a row per day instead of every matching receipt.
 */
export const receiptDayTotals = pgTable(
  'receipt_day_totals',
  {
    /** The payment's calendar day, as payment_date's. */
    day: date('day', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    receipts: bigint('receipts', { mode: 'number' }).notNull().default(0),
    totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.day, table.paymentMethod] })],
);

/**
 * The receipts' count and amount per printed client name (receiptClientNameText), kept by
 * triggers on receipts (migration 0058), so a search's figures add up the names that match
 * instead of every matching receipt.
 */
export const receiptClientNameTotals = pgTable('receipt_client_name_totals', {
  clientName: text('client_name').primaryKey(),
  receipts: bigint('receipts', { mode: 'number' }).notNull().default(0),
  totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
});

/** The receipts per payment month and printed client name: a search's "this month" figure. */
export const receiptClientNameMonthTotals = pgTable(
  'receipt_client_name_month_totals',
  {
    /** The first day of the payment month, as in receipt_month_totals. */
    month: date('month', { mode: 'string' }).notNull(),
    clientName: text('client_name').notNull(),
    receipts: bigint('receipts', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.month, table.clientName] })],
);
