import { idSchema, isoDateTimeSchema, pageQueryShape, paginationSchema } from '@patrol/contracts';
import { z } from 'zod';

// The audit trail has no console screen yet, so its schemas live beside the API module; they move
// to libs/contracts when the console starts reading them.

/** What the trail records changes of. */
export const auditEntityTypes = ['user', 'settings', 'product', 'quotation', 'invoice'] as const;
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
  /** Who made the change; null once that account is deleted. */
  actor: z.object({ id: idSchema, username: z.string(), fullName: z.string() }).nullable(),
  changes: z.record(z.string(), auditChangeSchema),
  createdAt: isoDateTimeSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/audit query: newest first, optionally one entity's history. */
export const listAuditQuerySchema = z.object({
  ...pageQueryShape(50),
  entityType: auditEntityTypeSchema.optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
});
export type ListAuditQuery = z.infer<typeof listAuditQuerySchema>;

/** GET /api/audit. */
export const listAuditResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ entries: z.array(auditEntrySchema), pagination: paginationSchema }),
});
export type ListAuditResponse = z.infer<typeof listAuditResponseSchema>;
