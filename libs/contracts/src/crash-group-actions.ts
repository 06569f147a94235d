// Issue 27: staff merge two crash groups or split a merged one out again.
import { z } from 'zod';
import { crashGroupResponseSchema } from './crash-reports';

export const crashGroupActionMessages = {
  merged: 'Crash groups merged',
  split: 'Crash group split',
  sameGroup: 'A group cannot be merged into itself',
  notMerged: 'That fingerprint was not merged into this group',
  fingerprintRequired: 'Please choose a group',
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
