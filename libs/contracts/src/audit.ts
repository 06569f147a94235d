import { z } from 'zod';
import { idSchema, isoDateSchema, isoDateTimeSchema } from './fields';
import { pageQueryShape, paginationSchema } from './pagination';

/** What the trail records changes of. */
export const auditEntityTypes = [
  'user',
  'settings',
  'product',
  'quotation',
  'invoice',
  /** A payment entry of an invoice. */
  'payment',
  'receipt',
  'credit_note',
  'debit_note',
  'refund_note',
  'crash_report',
  'ota_version',
  /** A client's billing preferences (auto-renewal). */
  'client',
  /** A licence key issued, extended or revoked through billing (issue 25). */
  'licence',
  /** The MyInvois e-invoice of an invoice or note. */
  'einvoice',
  /**
   * Sign-ins (succeeded or failed, with the address), sign-outs and revoked sessions: the entity
   * is the account (its id), or the email typed when no account has it.
   */
  'session',
] as const;
export const auditEntityTypeSchema = z.enum(auditEntityTypes);
export type AuditEntityType = z.infer<typeof auditEntityTypeSchema>;

/** One changed field (dotted path for nested settings): its value before and after. */
export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** One row of the trail as the API presents it. */
export const auditEntrySchema = z.object({
  id: idSchema,
  /** e.g. user.created, user.permissions_updated, settings.updated, settings.logo_deleted. */
  action: z.string(),
  entityType: auditEntityTypeSchema,
  entityId: z.string(),
  /** The action in words, e.g. 'Payment validated'. */
  actionLabel: z.string(),
  /** What changed, as people name it: INV-/QUO-/RCP-/CN- number, product or person; null if unknown. */
  entityLabel: z.string().nullable(),
  /** The client of the document the change concerns; null for other entities. */
  clientName: z.string().nullable(),
  /** Who made the change; null once that account is deleted. */
  actor: z.object({ id: idSchema, username: z.string(), fullName: z.string() }).nullable(),
  changes: z.record(z.string(), auditChangeSchema),
  createdAt: isoDateTimeSchema,
  /** The x-request-id of the HTTP request that made the change (null outside a request). */
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditMessages = {
  rangeOrder: 'The start date must be on or before the end date',
} as const;

/** The filters of the trail: one entity type or entity, one actor, calendar days (inclusive). */
const auditFilterShape = {
  entityType: auditEntityTypeSchema.optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  actorId: idSchema.optional(),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
};

const ordered = (query: { dateFrom?: string; dateTo?: string }) =>
  !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo;

/** GET /api/audit query: newest first, filtered. */
export const listAuditQuerySchema = z
  .object({ ...pageQueryShape(50), ...auditFilterShape })
  .refine(ordered, { error: auditMessages.rangeOrder, path: ['dateTo'] });
export type ListAuditQuery = z.infer<typeof listAuditQuerySchema>;

/** GET /api/audit/export query: the same filters, every matching entry as CSV. */
export const exportAuditQuerySchema = z
  .object(auditFilterShape)
  .refine(ordered, { error: auditMessages.rangeOrder, path: ['dateTo'] });
export type ExportAuditQuery = z.infer<typeof exportAuditQuerySchema>;

/** GET /api/audit. */
export const listAuditResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    entries: z.array(auditEntrySchema),
    pagination: paginationSchema,
    /** The company's time zone (IANA), in which the console shows each entry's time. */
    timeZone: z.string(),
  }),
});
export type ListAuditResponse = z.infer<typeof listAuditResponseSchema>;
