import { documentKinds, type ActivityType } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, jsonObject, timestamptz, updatedAt } from './columns';
import { users } from './users';

/** Mail waiting to be sent (or kept as the outbox when no SMTP server is configured). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    error: text('error'),
  },
  (table) => [index('mail_outbox_created_at_idx').on(table.createdAt)],
);

/** Who changed what: one row per mutation, kept when the actor is deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    changes: jsonObject('changes'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.createdAt),
  ],
);

/**
 * A contract activity type, or one written by a newer release (the presenter shows those as
 * system_health rather than failing the whole feed).
 */
export type StoredActivityType = ActivityType | (string & {});

/** The dashboard's activity feed. `companyId` is the client's business id, kept after deletion. */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').$type<StoredActivityType>().notNull(),
    detail: text('detail').notNull(),
    companyId: text('company_id'),
    refs: jsonObject('refs'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    // Ascending on purpose: read backwards it gives ORDER BY created_at DESC, id DESC exactly
    // (a DESC index is NULLS LAST, which that ORDER BY, NULLS FIRST, cannot use).
    index('activities_created_at_idx').on(table.createdAt, table.id),
    // The feed filtered by client, newest first, without scanning other clients' rows.
    index('activities_company_id_idx').on(table.companyId, table.createdAt, table.id),
  ],
);

/** The single row (id 1) of company settings; the logo file lives under DATA_DIR/uploads. */
export const companySettings = pgTable(
  'company_settings',
  {
    id: smallint('id').primaryKey().default(1),
    settings: jsonObject('settings'),
    logoPath: text('logo_path'),
    logoMimeType: text('logo_mime_type'),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('company_settings_single_row', sql`${table.id} = 1`)],
);

/**
 * Last number issued per document kind and period. The row is locked (SELECT ... FOR UPDATE)
 * inside the transaction that creates the document, so numbers are unique and gap-free.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind', { enum: documentKinds }).notNull(),
    /** '' when numbering never resets, else the calendar or financial year it counts within. */
    periodKey: text('period_key').notNull().default(''),
    lastValue: integer('last_value').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.periodKey] })],
);

/**
 * The highest sequence issued per document kind and number pattern (the number without its
 * sequence, e.g. 'INV-MP-2026'). Locked with the counter, it keeps a number from ever being
 * issued twice when the numbering settings change between documents.
 */
export const documentNumberPatterns = pgTable(
  'document_number_patterns',
  {
    kind: text('kind', { enum: documentKinds }).notNull(),
    pattern: text('pattern').notNull(),
    lastSequence: integer('last_sequence').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.pattern] })],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
export type CompanySettingsRow = typeof companySettings.$inferSelect;
export type DocumentCounterRow = typeof documentCounters.$inferSelect;
export type DocumentNumberPatternRow = typeof documentNumberPatterns.$inferSelect;

/**
 * The first answer to a request sent with an Idempotency-Key, replayed to a repeat of it (per
 * user and key, for 24 hours). `status` is null while the first request is still running.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, path and body hashed, so a key reused for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: smallint('status'),
    body: jsonObject('body'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotent_requests_created_at_idx').on(table.createdAt),
  ],
);

export type IdempotentRequestRow = typeof idempotentRequests.$inferSelect;
