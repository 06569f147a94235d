// Issue 27: staff merge two crash groups, split a merged one out again, or split chosen reports
// (or a stack variant) of a group into a new group.
import { z } from 'zod';
import { crashGroupResponseSchema } from './crash-reports';
import { idSchema, isoDateTimeSchema, successResponse } from './fields';

/** Reports one split may take out of a group (and a stack-variant scan reads at most). */
export const crashSplitMaxReports = 500;

export const crashGroupActionMessages = {
  merged: 'Crash groups merged',
  split: 'Crash group split',
  sameGroup: 'A group cannot be merged into itself',
  notMerged: 'That fingerprint was not merged into this group',
  fingerprintRequired: 'Please choose a group',
  reportsSplit: 'Reports split into a new group',
  reportsRequired: 'Please choose the reports to split out',
  tooManyReports: `At most ${crashSplitMaxReports} reports can be split at once`,
  reportsNotInGroup: 'Some of those reports are not in this group',
  groupWouldEmpty: 'Leave at least one report in the group',
} as const;

const fingerprint = () =>
  z
    .string({ error: crashGroupActionMessages.fingerprintRequired })
    .trim()
    .min(1, crashGroupActionMessages.fingerprintRequired)
    .max(64);

/** POST /api/crash-reports/groups/{fingerprint}/merge: `source` joins the group of the path. */
export const mergeCrashGroupsBodySchema = z.object({
  source: fingerprint(),
});
export type MergeCrashGroupsBody = z.infer<typeof mergeCrashGroupsBodySchema>;

/** POST /api/crash-reports/groups/{fingerprint}/split: a merged fingerprint leaves the group. */
export const splitCrashGroupBodySchema = z.object({
  fingerprint: fingerprint(),
});
export type SplitCrashGroupBody = z.infer<typeof splitCrashGroupBodySchema>;

/** Both answer the group that stays (merge) or the group split out (split), whole. */
export const crashGroupActionResponseSchema = crashGroupResponseSchema.extend({
  message: z.string(),
});
export type CrashGroupActionResponse = z.infer<typeof crashGroupActionResponseSchema>;

/** POST /api/crash-reports/groups/{fingerprint}/split-reports: chosen reports form a new group. */
export const splitCrashReportsBodySchema = z.object({
  reportIds: z
    .array(idSchema, { error: crashGroupActionMessages.reportsRequired })
    .min(1, crashGroupActionMessages.reportsRequired)
    .max(crashSplitMaxReports, crashGroupActionMessages.tooManyReports),
});
export type SplitCrashReportsBody = z.infer<typeof splitCrashReportsBodySchema>;

/**
 * One stack variant of a group: its reports share the exception chain and every frame of the
 * stack (line numbers aside), not only the top in-app frames the group is made of.
 */
export const crashStackVariantSchema = z.object({
  /** 16 hex digits, stable for the same stack. */
  key: z.string(),
  /** The variant's frames, top first, at most 30 (frameCount says how many it has). */
  frames: z.array(z.string()),
  frameCount: z.number().int(),
  occurrences: z.number().int(),
  lastSeen: isoDateTimeSchema,
  /** Its reports among those read, the latest first: what a split of the variant sends. */
  reports: z.array(
    z.object({
      id: idSchema,
      createdAt: isoDateTimeSchema,
      appVersion: z.string().nullable(),
      deviceId: z.string().nullable(),
    }),
  ),
});
export type CrashStackVariant = z.infer<typeof crashStackVariantSchema>;

/** GET /api/crash-reports/groups/{fingerprint}/variants: the latest reports' stack variants. */
export const crashStackVariantsResponseSchema = successResponse({
  data: z.object({
    /** Reports read: the group's latest, at most crashSplitMaxReports. */
    scanned: z.number().int(),
    variants: z.array(crashStackVariantSchema),
  }),
});
export type CrashStackVariantsResponse = z.infer<typeof crashStackVariantsResponseSchema>;
