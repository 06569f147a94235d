import { date, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { clients } from './clients';
import { createdAt, timestamptz } from './columns';
import { invoices } from './invoices';
import { quotations } from './quotations';

/**
 * One row per day of the daily renewal run (migration 0028). The row is the claim: the first
 * process to insert the day runs it, so WORKERS processes and restarts run each day once.
 */
export const renewalRuns = pgTable('renewal_runs', {
  runDate: date('run_date', { mode: 'string' }).primaryKey(),
  claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
  claimedBy: text('claimed_by').notNull(),
  /** Null while the run is under way (or was cut off: a stale claim is taken over). */
  finishedAt: timestamptz('finished_at'),
  quotationsDrafted: integer('quotations_drafted').notNull().default(0),
  invoicesDrafted: integer('invoices_drafted').notNull().default(0),
  remindersSent: integer('reminders_sent').notNull().default(0),
  transitions: integer('transitions').notNull().default(0),
  error: text('error'),
});

/** A renewal quotation (or, with auto-renewal, invoice) the run drafted, and the keys it names. */
export const renewalDrafts = pgTable(
  'renewal_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    quotationId: uuid('quotation_id').references(() => quotations.id, { onDelete: 'set null' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    licenceIds: jsonb('licence_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('renewal_drafts_client_id_idx').on(table.clientId, table.createdAt)],
);

/** Each payment reminder e-mailed for an invoice: one per ladder step (days relative to due). */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    stepDays: integer('step_days').notNull(),
    /** What the step sent (migration 0037): e-mail with the PDF, e-mail alone, WhatsApp text only. */
    sends: text('sends', { enum: ['email_with_pdf', 'email', 'whatsapp'] })
      .notNull()
      .default('email_with_pdf'),
    /** Null when nothing was e-mailed: a WhatsApp step, or no address (the text is still offered). */
    sentTo: text('sent_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (table) => [unique('invoice_reminders_invoice_step_unique').on(table.invoiceId, table.stepDays)],
);

/**
 * The last overdue state recorded for an invoice's keys (restricted, suspended, restored): the
 * status itself is computed when a device calls; this row only says which transition the audit
 * trail and activity feed already hold.
 */
export const licenceOverdueStates = pgTable(
  'licence_overdue_states',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['restricted', 'suspended', 'restored'] }).notNull(),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (table) => [index('licence_overdue_states_client_id_idx').on(table.clientId)],
);

export type RenewalRunRow = typeof renewalRuns.$inferSelect;
export type RenewalDraftRow = typeof renewalDrafts.$inferSelect;
export type InvoiceReminderRow = typeof invoiceReminders.$inferSelect;
export type LicenceOverdueStateRow = typeof licenceOverdueStates.$inferSelect;
