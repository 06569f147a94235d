import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';

// The reports' per-client figures, kept by statement triggers on invoices (migration 0057) in the
// writing transaction, so a report never groups a period's invoices by client.

/** A set of days as PostgreSQL writes it, e.g. `{[2026-01-05,2026-01-06),[2026-02-01,2026-02-03)}`. */
const dateMultirange = customType<{ data: string }>({ dataType: () => 'datemultirange' });

/**
 * The days (UTC) each client on file has a standing invoice issued: whether a client was invoiced
 * in a period, and in the period before it, is an overlap test on one row per client.
 */
export const clientInvoiceDays = pgTable('client_invoice_days', {
  clientId: uuid('client_id').primaryKey(),
  days: dateMultirange('days').notNull(),
});

export type ClientPeriodKind = 'month' | 'quarter' | 'year';

/**
 * The standing invoices per client and calendar month, quarter and year of issue (UTC): how many
 * and their total, so the clients invoiced most in a calendar period are the first entries of an
 * index. An invoice whose client row is gone goes by its printed name ('name:' and the company
 * name), as in client_owing_totals.
 */
export const clientPeriodTotals = pgTable(
  'client_period_totals',
  {
    periodKind: text('period_kind').$type<ClientPeriodKind>().notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    clientKey: text('client_key').notNull(),
    clientId: uuid('client_id'),
    orphanName: text('orphan_name'),
    invoices: bigint('invoices', { mode: 'number' }).notNull().default(0),
    invoicedAmount: numeric('invoiced_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (table) => [
    primaryKey({ columns: [table.periodKind, table.periodStart, table.clientKey] }),
    index('client_period_totals_invoiced_idx')
      .on(table.periodKind, table.periodStart, table.invoicedAmount.desc(), table.clientKey)
      .where(sql`${table.invoices} > 0`),
  ],
);
