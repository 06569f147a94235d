import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, stringArray, timestamptz, updatedAt } from './columns';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('clients_created_at_idx').on(table.createdAt),
    index('clients_company_name_lower_idx').on(sql`lower(${table.companyName})`),
    // Trigram index so a substring search (ILIKE '%term%') over 50,000 clients avoids a full scan.
    index('clients_search_trgm_idx').using('gin', sql`(${clientSearchText(table)}) gin_trgm_ops`),
  ],
);

/**
 * The text a client search matches against (`ilike(clientSearchText(clients), pattern)`).
 * It is the exact expression of the trigram index, so queries must use this helper to hit it.
 */
export function clientSearchText(table: {
  companyId: AnyPgColumn;
  companyName: AnyPgColumn;
  contactPerson: AnyPgColumn;
  email: AnyPgColumn;
  phone: AnyPgColumn;
  address: AnyPgColumn;
}): SQL<string> {
  return sql<string>`${table.companyId} || ' ' || ${table.companyName} || ' ' || ${table.contactPerson} || ' ' || ${table.email} || ' ' || ${table.phone} || ' ' || ${table.address}`;
}

export type LicenceType = 'Trial' | 'Standard' | 'Premium';

/** Licence keys issued to a client; a bound licence belongs to exactly one device. */
export const licences = pgTable(
  'licences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    clientId: uuid('client_id')
      .notNull()
      .references((): AnyPgColumn => clients.id, { onDelete: 'cascade' }),
    licenceType: text('licence_type').$type<LicenceType>().notNull().default('Standard'),
    /** Null means the licence never expires. */
    validUntil: timestamptz('valid_until'),
    bound: boolean('bound').notNull().default(false),
    deviceId: text('device_id'),
    projectName: text('project_name'),
    boundAt: timestamptz('bound_at'),
    lastDeviceActivity: timestamptz('last_device_activity'),
    /** Hash of the token the bound device authenticates its activity reports with. */
    deviceTokenHash: text('device_token_hash').unique(),
    features: stringArray('features'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (table) => [
    index('licences_client_id_idx').on(table.clientId, table.createdAt),
    index('licences_valid_until_idx').on(table.validUntil),
    index('licences_last_device_activity_idx').on(table.lastDeviceActivity),
    uniqueIndex('licences_bound_device_id_unique')
      .on(table.deviceId)
      .where(sql`${table.bound}`),
  ],
);

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
export type LicenceRow = typeof licences.$inferSelect;
export type NewLicenceRow = typeof licences.$inferInsert;
