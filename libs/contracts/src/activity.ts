import { z } from 'zod';
import { idSchema, isoDateTimeSchema, successResponse } from './fields';
import { pageSizes } from './limits';

/**
 * Kinds of activity events. The first seven are the spec's (spec 1 section 2.6), each with its own
 * icon; the rest are the other mutations the API records.
 */
export const activityTypes = [
  'client_added',
  'licence_bound',
  'licence_unbound',
  'payment',
  'payment_processed',
  'system_health',
  'license_activity',
  'client_updated',
  'client_deleted',
  'licences_added',
  'licence_extended',
  'licence_deleted',
  'quotation_converted',
  'invoice_reverted',
  'payment_validated',
  'payment_rejected',
  'licences_restricted',
  'licences_suspended',
  'licences_restored',
  'renewal_drafted',
] as const;
export const activityTypeSchema = z.enum(activityTypes);
export type ActivityType = z.infer<typeof activityTypeSchema>;

/** What an activity refers to; the dashboard shows refs.companyName as a badge. */
export const activityRefsSchema = z.object({
  companyName: z.string().optional(),
  companyId: z.string().optional(),
  licenceKey: z.string().optional(),
  quotationNumber: z.string().optional(),
  invoiceNumber: z.string().optional(),
  receiptNumber: z.string().optional(),
  amount: z.number().optional(),
});
export type ActivityRefs = z.infer<typeof activityRefsSchema>;

/** One entry of Recent Activity, also pushed as the activityUpdated event. */
export const activitySchema = z.object({
  id: idSchema,
  type: activityTypeSchema,
  /** The human line shown, e.g. "Licence MP-... bound to device ...". */
  detail: z.string(),
  timestamp: isoDateTimeSchema,
  companyId: z.string().nullable(),
  refs: activityRefsSchema,
});
export type Activity = z.infer<typeof activitySchema>;

/**
 * GET /api/activity: newest first, a page at a time by cursor (the feed grows by the million, so
 * pages are index ranges, never an OFFSET over everything before them).
 */
export const listActivitiesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(pageSizes.max).default(10),
  type: activityTypeSchema.optional(),
  companyId: z.string().trim().max(50).optional(),
  /** The `nextCursor` of the previous page; absent for the newest page. */
  cursor: z.string().trim().max(200).optional(),
});
export type ListActivitiesQuery = z.infer<typeof listActivitiesQuerySchema>;

export const listActivitiesResponseSchema = successResponse({
  activities: z.array(activitySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ListActivitiesResponse = z.infer<typeof listActivitiesResponseSchema>;
