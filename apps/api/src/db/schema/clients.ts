import { licenceTypes } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, stringArray, timestamptz, updatedAt } from './columns';
import { invoiceLineItems, invoices } from './invoices';
import { users } from './users';

/** Client companies. `companyId` is the business identifier used in URLs; it never changes. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id').notNull().unique(),
    companyName: text('company_name').notNull(),
    contactPerson: text('contact_person').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * How many licences the client holds, and how many are bound: kept by a trigger on licences
     * (migration 0003), so lists and cards never count the licence table.
     */
    licenceCount: integer('licence_count').notNull().default(0),
    boundLicenceCount: integer('bound_licence_count').notNull().default(0),
    /** Renewals are invoiced directly instead of quoted (the daily renewal run, migration 0028). */
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The buyer's MyInvois details (migration 0026); empty until e-invoicing needs them. */
    einvoiceTin: text('einvoice_tin').notNull().default(''),
    /** BRN, NRIC, PASSPORT or ARMY, or empty. */
    einvoiceIdType: text('einvoice_id_type').notNull().default(''),
    einvoiceIdValue: text('einvoice_id_value').notNull().default(''),
    einvoiceSstNumber: text('einvoice_sst_number').notNull().default(''),
    /** Street lines, one a line. */
    einvoiceStreet: text('einvoice_street').notNull().default(''),
    einvoiceCity: text('einvoice_city').notNull().default(''),
    einvoicePostcode: text('einvoice_postcode').notNull().default(''),
    einvoiceStateCode: text('einvoice_state_code').notNull().default(''),
    einvoiceCountryCode: text('einvoice_country_code').notNull().default('MYS'),
    /**
     * Every text field, lowercased and joined once when the row is written: the directory's
     * substring search (`search_text LIKE '%term%'`) then neither joins nor lowercases per row.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(company_id || ' ' || company_name || ' ' || contact_person || ' ' || email || ' ' || phone || ' ' || address)`,
    ),
  },
  (table) => [
    // With the id, each sort order is one index walk, deep pages included. The name indexes also
    // carry company_name (INCLUDE, in migration 0051), so their walks read no table rows.
    index('clients_created_at_idx').on(table.createdAt, table.id),
    index('clients_company_name_lower_idx').on(sql`lower(${table.companyName})`, table.id),
    // The same per active state: a page of the active or inactive clients walks only them.
    index('clients_active_created_at_idx').on(table.active, table.createdAt, table.id),
    index('clients_active_company_name_lower_idx').on(
      table.active,
      sql`lower(${table.companyName})`,
      table.id,
    ),
    // Trigram index: a rare search term finds its few rows without reading the others.
    index('clients_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** Licence keys issued to a client; a bound licence belongs to exactly one device. */
export const licences = pgTable(
  'licences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    clientId: uuid('client_id')
      .notNull()
      .references((): AnyPgColumn => clients.id, { onDelete: 'cascade' }),
    licenceType: text('licence_type', { enum: licenceTypes }).notNull().default('Standard'),
    /** Null means the licence never expires. */
    validUntil: timestamptz('valid_until'),
    bound: boolean('bound').notNull().default(false),
    deviceId: text('device_id'),
    projectName: text('project_name'),
    boundAt: timestamptz('bound_at'),
    /** Written by the heartbeat buffer (one statement a second for all devices); unindexed. */
    lastDeviceActivity: timestamptz('last_device_activity'),
    /** Hash of the token the bound device authenticates its activity reports with. */
    deviceTokenHash: text('device_token_hash').unique(),
    /** Activations by the patrol app (first binds and re-activations with the device token). */
    activationCount: integer('activation_count').notNull().default(0),
    lastActivatedAt: timestamptz('last_activated_at'),
    /** The device the licence was last activated on, kept after an unbind to tell a transfer. */
    lastDeviceId: text('last_device_id'),
    /** Moves to a new device by the app itself within the current window (the transfer budget). */
    transferWindowStart: timestamptz('transfer_window_start'),
    transfersInWindow: integer('transfers_in_window').notNull().default(0),
    features: stringArray('features'),
    notes: text('notes'),
    /** The invoice, and its line, whose validated payment issued or last extended this key. */
    paidByInvoiceId: uuid('paid_by_invoice_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'set null',
    }),
    paidByLineId: uuid('paid_by_line_id').references((): AnyPgColumn => invoiceLineItems.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index('licences_client_id_idx').on(table.clientId, table.createdAt),
    index('licences_valid_until_idx').on(table.validUntil),
    // A renewal group's first keys: one client's keys of a type by expiry (migration 0037).
    index('licences_client_type_expiry_idx').on(
      table.clientId,
      table.licenceType,
      table.validUntil,
    ),
    index('licences_paid_by_invoice_id_idx')
      .on(table.paidByInvoiceId)
      .where(sql`${table.paidByInvoiceId} is not null`),
    // No index on last_device_activity: heartbeats rewrite it constantly, and an index on it would
    // turn every write into an update of all the table's indexes (no HOT update).
    uniqueIndex('licences_bound_device_id_unique')
      .on(table.deviceId)
      .where(sql`${table.bound}`),
  ],
);

/**
 * The renewals view's groups, kept on write by triggers on licences (migration 0037): how many
 * keys of a client and licence type expire on a UTC day. The primary key INCLUDEs key_count (in
 * the migration), so a window is counted from the index alone. Never written by the application.
 */
export const licenceExpiryGroups = pgTable(
  'licence_expiry_groups',
  {
    expiryDay: date('expiry_day', { mode: 'string' }).notNull(),
    clientId: uuid('client_id').notNull(),
    licenceType: text('licence_type', { enum: licenceTypes }).notNull(),
    keyCount: integer('key_count').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'licence_expiry_groups_pkey',
      columns: [table.expiryDay, table.clientId, table.licenceType],
    }),
  ],
);

/**
 * Clients per active state, kept on write by triggers on clients (migration 0050) so that the
 * directory totals read two rows instead of every client. Never written by the application.
 */
export const clientActiveCounts = pgTable('client_active_counts', {
  active: boolean('active').primaryKey(),
  clients: bigint('clients', { mode: 'number' }).notNull(),
});

/**
 * The dashboard's licence tiles, kept on write by triggers on licences (migration 0048) so that
 * they add up a few thousand rows instead of every licence. Never written by the application.
 *
 * Licences per UTC expiry day and bound state; 'infinity' holds the licences without an expiry.
 */
export const licenceExpiryDayCounts = pgTable(
  'licence_expiry_day_counts',
  {
    expiryDay: date('expiry_day', { mode: 'string' }).notNull(),
    bound: boolean('bound').notNull(),
    licences: bigint('licences', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.expiryDay, table.bound] })],
);

/** Licences per UTC hour of creation (the tiles' "30 days ago" total). */
export const licenceCreatedHourCounts = pgTable('licence_created_hour_counts', {
  createdHour: timestamp('created_hour', { mode: 'string' }).primaryKey(),
  licences: bigint('licences', { mode: 'number' }).notNull(),
});

/**
 * Licences per UTC minute of their last device activity, and the latest activity the minute has
 * seen: a heartbeat moves a licence between minutes at most once a minute (its trigger fires only
 * then). Minutes are kept whatever their age: a day adds at most 1,440 rows.
 */
export const licenceActivityMinutes = pgTable('licence_activity_minutes', {
  minute: timestamp('minute', { mode: 'string' }).primaryKey(),
  licences: bigint('licences', { mode: 'number' }).notNull(),
  latest: timestamptz('latest').notNull(),
});

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
export type LicenceRow = typeof licences.$inferSelect;
export type NewLicenceRow = typeof licences.$inferInsert;
