import {
  licenceActions,
  paymentStatuses,
  paymentTerms,
  paymentValidationStatuses,
  taxTypes,
  type PaymentEntryStatus,
} from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, jsonObject, money, rate, timestamptz, updatedAt } from './columns';
import { products } from './products';
import { quotations, type DocumentClientInfo } from './quotations';
import { receipts } from './receipts';
import { users } from './users';

export type PaymentMethod =
  | 'bank_transfer'
  | 'credit_card'
  | 'debit_card'
  | 'cash'
  | 'cheque'
  | 'online_banking'
  | 'online_payment'
  | 'e_wallet'
  | 'multiple_methods';

/** Invoices, usually converted from a quotation; payment state lives beside the document state. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    quotationId: uuid('quotation_id').references((): AnyPgColumn => quotations.id, {
      onDelete: 'set null',
    }),
    /** Null once the client is deleted; the document keeps its clientInfo copy. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    clientInfo: jsonObject<DocumentClientInfo>('client_info'),
    issueDate: timestamptz('issue_date').notNull().defaultNow(),
    dueDate: timestamptz('due_date').notNull(),
    paymentTerms: text('payment_terms', { enum: paymentTerms }).notNull().default('NET_30'),
    subtotal: money('subtotal').notNull().default('0'),
    taxAmount: money('tax_amount').notNull().default('0'),
    discountAmount: money('discount_amount').notNull().default('0'),
    totalAmount: money('total_amount').notNull().default('0'),
    /** Every payment recorded and not rejected (validated or awaiting validation). */
    paidAmount: money('paid_amount').notNull().default('0'),
    /** The validated part of paidAmount: the money collected, which the figures count. */
    validatedAmount: money('validated_amount').notNull().default('0'),
    /** The totals of the credit notes and debit notes issued against the invoice. */
    creditedAmount: money('credited_amount').notNull().default('0'),
    debitedAmount: money('debited_amount').notNull().default('0'),
    /** The total of the refund notes: validated money paid back to the client. */
    refundedAmount: money('refunded_amount').notNull().default('0'),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('unpaid'),
    paymentValidationStatus: text('payment_validation_status', { enum: paymentValidationStatuses })
      .notNull()
      .default('none'),
    paymentValidationNotes: text('payment_validation_notes'),
    paymentRejectionReason: text('payment_rejection_reason'),
    validatedAt: timestamptz('validated_at'),
    validatedBy: uuid('validated_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The latest payment date of the invoice's validated payments, kept by the payment entries'
     * triggers (migration 0052) for the days-to-pay roll-up below.
     */
    lastValidatedPaymentAt: timestamptz('last_validated_payment_at'),
    notes: text('notes'),
    isVoided: boolean('is_voided').notNull().default(false),
    /**
     * How many licence keys this invoice paid for (licences.paid_by_invoice_id), kept by the
     * licences' triggers (migration 0049) for the unpaid keys' roll-up below.
     */
    paidKeyCount: integer('paid_key_count').notNull().default(0),
    /** Document lifecycle (e.g. issued, sent), separate from the payment status. */
    status: text('status').notNull().default('issued'),
    sentAt: timestamptz('sent_at'),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** The address the invoice was last e-mailed to; null when it was only marked as sent. */
    sentTo: text('sent_to'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the list's search matches (number and client), lowercased once per write. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(invoice_number || ' ' || coalesce(client_info->>'companyName', '') || ' ' || coalesce(client_info->>'contactPerson', ''))`,
    ),
  },
  (table) => {
    // The standing invoices still awaiting payment, which the owing indexes hold.
    const owing = sql`${table.isVoided} = false and ${table.paymentStatus} in ('unpaid', 'pending', 'partial', 'overdue')`;
    return [
      index('invoices_payment_status_due_date_idx').on(table.paymentStatus, table.dueDate),
      index('invoices_due_date_idx').on(table.dueDate),
      // It carries the id and the list's sort keys (INCLUDE, migration 0054): a date range's page
      // is read from it alone (sorted-page.ts's coveredRange).
      index('invoices_issue_date_idx').on(table.issueDate),
      // The reports' per-client figures (clients invoiced, top clients) group a period's standing
      // invoices by client index-only: this carries client_id and total_amount (INCLUDE, migration
      // 0052). Invoices whose client was deleted are found through the next one.
      index('invoices_standing_issue_date_idx')
        .on(table.issueDate)
        .where(sql`${table.isVoided} = false`),
      index('invoices_orphan_issue_date_idx')
        .on(table.issueDate)
        .where(sql`${table.clientId} is null`),
      index('invoices_created_at_idx').on(table.createdAt, table.id),
      // The list's sort by amount walks this instead of sorting every row.
      index('invoices_total_amount_idx').on(table.totalAmount, table.id),
      index('invoices_client_id_idx').on(table.clientId, table.createdAt),
      index('invoices_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
      // A search's count (up to 1,000 past the page) reads this narrow copy of the searched text
      // index-only, instead of 550-byte rows. The text stays far under a btree entry's limit.
      index('invoices_search_text_idx').on(table.searchText),
      index('invoices_quotation_id_idx').on(table.quotationId),
      // The aging reads only what is still owed; it stays small however long the history grows.
      // It carries the amounts (INCLUDE, migration 0053), so the aging reads them index-only.
      index('invoices_owing_idx').on(table.clientId, table.dueDate).where(owing),
      // The due filters (overdue, due today, due soon) newest first: the walk skips invoices not yet
      // due on the index's due_date, without reading their rows (recent ones are rarely overdue).
      index('invoices_owing_created_at_idx')
        .on(table.createdAt, table.id, table.dueDate)
        .where(owing),
      // The same in the list's other orders (issue date, number, total; the due date reads the
      // index below): a due filter's page in any order is read from one of them as a branch.
      ...(['issueDate', 'invoiceNumber', 'totalAmount'] as const).map((key) =>
        index(`invoices_owing_${table[key].name}_idx`)
          .on(table[key], table.id, table.dueDate)
          .where(owing),
      ),
      // The voided invoices by status: a status filter's branch of them (see the owing indexes).
      index('invoices_voided_idx')
        .on(table.paymentStatus)
        .where(sql`${table.isVoided} = true`),
      // Exactly the invoices awaiting payment (domain's awaitingPaymentStatuses), by due date: the
      // due filters' counts are one index-only range (the index above also holds 'overdue' rows,
      // which the count would have to read from the table to leave out).
      index('invoices_awaiting_due_date_idx')
        .on(table.dueDate)
        .where(
          sql`${table.isVoided} = false and ${table.paymentStatus} in ('unpaid', 'pending', 'partial')`,
        ),
      // Exactly what an unpaid key's standing reads (unpaidInvoice in the invoices module: owed by
      // the amounts, of a client on file), by due date: the renewal run and, with suspendOnOverdue,
      // the dashboard's overdue-key counts read the unpaid invoices past each grace index-only
      // instead of scanning every invoice.
      index('invoices_unpaid_due_idx')
        .on(table.dueDate, table.clientId, table.id)
        .where(
          sql`${table.isVoided} = false and ${table.validatedAmount} - ${table.refundedAmount} < ${table.totalAmount} + ${table.debitedAmount} - ${table.creditedAmount} and ${table.clientId} is not null`,
        ),
    ];
  },
);

/** Lines of an invoice, in display order. */
export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    /** The line's tax as issued: its type and rate stay when the settings change later. */
    taxType: text('tax_type', { enum: taxTypes }).notNull().default('EXEMPT'),
    taxRate: rate('tax_rate').notNull().default('0'),
    taxAmount: money('tax_amount').notNull().default('0'),
    lineTotal: money('line_total').notNull(),
    /** Carried from the quotation line: new keys or a renewal of renewalLicenceIds. */
    licenceAction: text('licence_action', { enum: licenceActions }),
    renewalLicenceIds: uuid('renewal_licence_ids').array(),
  },
  (table) => [
    index('invoice_line_items_invoice_id_idx').on(table.invoiceId, table.position),
    check(
      'invoice_line_items_licence_action_check',
      sql`${table.licenceAction} is null or ${table.licenceAction} in ('new_keys', 'renewal')`,
    ),
  ],
);

/**
 * Payments recorded against an invoice: appended, never deleted. Each waits for validation, then
 * is validated (with its receipt) or rejected (who, when, why).
 */
export const paymentEntries = pgTable(
  'payment_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    paymentDate: timestamptz('payment_date').notNull(),
    referenceNumber: text('reference_number').notNull(),
    status: text('status').$type<PaymentEntryStatus>().notNull().default('pending_validation'),
    notes: text('notes'),
    /** The receipt issued for this payment, once there is one. */
    receiptId: uuid('receipt_id').references((): AnyPgColumn => receipts.id, {
      onDelete: 'set null',
    }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    validatedAt: timestamptz('validated_at'),
    validatedBy: uuid('validated_by').references(() => users.id, { onDelete: 'set null' }),
    rejectedAt: timestamptz('rejected_at'),
    rejectedById: uuid('rejected_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The rejecting user's name at the time, for staff screens (never printed for the client). */
    rejectedBy: text('rejected_by'),
    rejectionReason: text('rejection_reason'),
  },
  (table) => [
    index('payment_entries_invoice_id_idx').on(table.invoiceId),
    index('payment_entries_payment_date_idx').on(table.paymentDate),
    index('payment_entries_receipt_id_idx').on(table.receiptId),
  ],
);

/** History of payment rejections: each marked one or more of the invoice's payments rejected. */
export const paymentRejections = pgTable(
  'payment_rejections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** 1 for the invoice's first rejection, 2 for the second... */
    rejectionNumber: integer('rejection_number').notNull(),
    rejectedById: uuid('rejected_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The rejecting user's name at the time, as printed in the correction notes. */
    rejectedBy: text('rejected_by').notNull(),
    rejectedAt: timestamptz('rejected_at').notNull().defaultNow(),
    rejectionReason: text('rejection_reason').notNull(),
    validationNotes: text('validation_notes'),
    clearedPaymentCount: integer('cleared_payment_count').notNull().default(0),
  },
  (table) => [
    unique('payment_rejections_invoice_number_unique').on(table.invoiceId, table.rejectionNumber),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoiceLineItemRow = typeof invoiceLineItems.$inferSelect;
export type NewInvoiceLineItemRow = typeof invoiceLineItems.$inferInsert;
export type PaymentEntryRow = typeof paymentEntries.$inferSelect;
export type NewPaymentEntryRow = typeof paymentEntries.$inferInsert;
export type PaymentRejectionRow = typeof paymentRejections.$inferSelect;

/**
 * Invoice figures per issue day (UTC), kept by statement triggers on invoices (migrations 0035 and
 * 0052) in the writing transaction: the statistics and the reports add up a row per day instead of
 * reading every invoice. `invoices` counts every invoice; the other figures only those that stand
 * (not voided).
 */
export const invoiceIssueDayTotals = pgTable('invoice_issue_day_totals', {
  issueDay: date('issue_day', { mode: 'string' }).primaryKey(),
  invoices: bigint('invoices', { mode: 'number' }).notNull().default(0),
  standing: bigint('standing', { mode: 'number' }).notNull().default(0),
  paid: bigint('paid', { mode: 'number' }).notNull().default(0),
  awaiting: bigint('awaiting', { mode: 'number' }).notNull().default(0),
  pendingValidation: bigint('pending_validation', { mode: 'number' }).notNull().default(0),
  totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  paidAmount: numeric('paid_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  validatedAmount: numeric('validated_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  outstandingAmount: numeric('outstanding_amount', { precision: 18, scale: 2 })
    .notNull()
    .default('0'),
  /** Those sent, and the seconds from issue to sending summed over them. */
  sent: bigint('sent', { mode: 'number' }).notNull().default(0),
  sendSeconds: numeric('send_seconds').notNull().default('0'),
  /**
   * Those collected in full (validated at least their total, which is above 0), and the seconds
   * from issue to their last validated payment summed over them (none counted below 0).
   */
  collectedInFull: bigint('collected_in_full', { mode: 'number' }).notNull().default(0),
  paySeconds: numeric('pay_seconds').notNull().default('0'),
});

/**
 * The standing invoices awaiting payment per issue day and due day (UTC), by the same triggers:
 * how many of a period's invoices read as overdue on a day is a sum over a few rows per issue day.
 */
export const invoiceOwingIssueDueCounts = pgTable(
  'invoice_owing_issue_due_counts',
  {
    issueDay: date('issue_day', { mode: 'string' }).notNull(),
    dueDay: date('due_day', { mode: 'string' }).notNull(),
    owing: bigint('owing', { mode: 'number' }).notNull().default(0),
    /** Of them, those stored with the status 'overdue'. */
    storedOverdue: bigint('stored_overdue', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.issueDay, table.dueDay] })],
);

/**
 * Validated payments per payment day (UTC) and method, kept by statement triggers on
 * payment_entries (migration 0052): the reports' payment methods add up a row per day and method.
 */
export const paymentDayTotals = pgTable(
  'payment_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.day, table.paymentMethod] })],
);

/** The standing invoices still awaiting payment per due day (UTC), by the same triggers. */
export const invoiceOwingDueDayTotals = pgTable('invoice_owing_due_day_totals', {
  dueDay: date('due_day', { mode: 'string' }).primaryKey(),
  owing: bigint('owing', { mode: 'number' }).notNull().default(0),
  /** Of them, those stored with the status 'overdue'. */
  storedOverdue: bigint('stored_overdue', { mode: 'number' }).notNull().default(0),
  outstandingAmount: numeric('outstanding_amount', { precision: 18, scale: 2 })
    .notNull()
    .default('0'),
});

/**
 * The aging's figures, kept by statement triggers on invoices (migration 0053) in the writing
 * transaction: per client, what its standing invoices awaiting payment still owe (only invoices
 * owing more than 0 count), so the clients owing most are the first entries of an index; an
 * invoice whose client row is gone goes by its printed name ('name:' and the company name).
 */
export const clientOwingTotals = pgTable(
  'client_owing_totals',
  {
    clientKey: text('client_key').primaryKey(),
    clientId: uuid('client_id'),
    orphanName: text('orphan_name'),
    invoices: bigint('invoices', { mode: 'number' }).notNull().default(0),
    outstandingAmount: numeric('outstanding_amount', { precision: 18, scale: 2 })
      .notNull()
      .default('0'),
  },
  (table) => [
    index('client_owing_totals_outstanding_idx')
      .on(table.outstandingAmount.desc(), table.clientKey)
      .where(sql`${table.invoices} > 0`),
  ],
);

/** The same invoices per due day (UTC): the aging's four buckets add up a row per due day. */
export const agingDueDayTotals = pgTable('aging_due_day_totals', {
  dueDay: date('due_day', { mode: 'string' }).primaryKey(),
  invoices: bigint('invoices', { mode: 'number' }).notNull().default(0),
  outstandingAmount: numeric('outstanding_amount', { precision: 18, scale: 2 })
    .notNull()
    .default('0'),
});

/**
 * The licence keys paid by unpaid invoices (unpaidInvoice in the invoices module: owed by the
 * amounts, of a client on file) per due date, kept by statement triggers on invoices (migration
 * 0049) in the writing transaction: the dashboard's overdue-key counts add up a row per due date
 * instead of joining every unpaid invoice to its keys.
 */
export const unpaidKeyDueCounts = pgTable('unpaid_key_due_counts', {
  dueDate: timestamptz('due_date').primaryKey(),
  keys: bigint('keys', { mode: 'number' }).notNull(),
});
