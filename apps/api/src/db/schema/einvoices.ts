import { einvoiceDocumentKinds, einvoiceStatuses, type EinvoiceError } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, timestamptz, updatedAt } from './columns';

/**
 * The MyInvois submission queue: one row per issued invoice, credit note or debit note, queued in
 * the transaction that issued it and worked by one API process at a time (the lease below). The
 * row keeps the document as submitted, LHDN's identifiers and status, and every error.
 */
export const einvoiceDocuments = pgTable(
  'einvoice_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: einvoiceDocumentKinds }).notNull(),
    /** The invoice's or note's id (no foreign key: two tables, owned by other modules). */
    documentId: uuid('document_id').notNull(),
    /** Our number, the submission's codeNumber and the document's internal ID. */
    number: text('number').notNull(),
    clientName: text('client_name').notNull().default(''),
    issueDate: timestamptz('issue_date').notNull(),
    totalAmount: money('total_amount').notNull(),
    status: text('status', { enum: einvoiceStatuses }).notNull().default('queued'),
    /** The signed UBL JSON exactly as submitted, and the SHA-256 hex of its bytes. */
    documentJson: text('document_json'),
    documentHash: text('document_hash'),
    uuid: text('uuid'),
    submissionUid: text('submission_uid'),
    longId: text('long_id'),
    errors: jsonb('errors')
      .$type<EinvoiceError[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    /** The worker leaves the row alone before this (back-off after a failure, poll spacing). */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    queuedAt: timestamptz('queued_at').notNull().defaultNow(),
    submittedAt: timestamptz('submitted_at'),
    validatedAt: timestamptz('validated_at'),
    cancelledAt: timestamptz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    rejectionRequestedAt: timestamptz('rejection_requested_at'),
    statusReason: text('status_reason'),
    /**
     * Status "consolidated": the row of the month's consolidated e-invoice that carries this
     * invoice (null until the month ends). No foreign key, as for the document itself.
     */
    consolidatedInto: uuid('consolidated_into'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('einvoice_documents_document_idx').on(table.documentId),
    index('einvoice_documents_status_idx').on(table.status, table.nextAttemptAt),
    index('einvoice_documents_issue_idx').on(table.issueDate, table.id),
    index('einvoice_documents_consolidated_idx').on(table.consolidatedInto),
  ],
);

/** Which API process works the queue, until when: one at a time across WORKERS. */
export const einvoiceWorkerLease = pgTable('einvoice_worker_lease', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

export type EinvoiceDocumentRow = typeof einvoiceDocuments.$inferSelect;
export type NewEinvoiceDocumentRow = typeof einvoiceDocuments.$inferInsert;
