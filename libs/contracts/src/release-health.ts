import { z } from 'zod';
import { isoDateTimeSchema } from './fields';

/**
 * Release health (issue 27): a release's vitals from session pings, its rollout ladder, and the
 * staff actions on it. The figures' exact definitions are in docs/release-health.md.
 */

const rateSchema = z.number().nullable();

/** One window's figures (the last 24 hours, or since release). Rates in percent, two decimals. */
export const releaseWindowVitalsSchema = z.object({
  /** Sessions started in the window that did not end in a crash. */
  crashFreeSessions: rateSchema,
  /** Devices on the release in the window with no crash in it. */
  crashFreeDevices: rateSchema,
  /** Google Play's: daily users with a crash in active use over daily users, user-weighted. */
  userPerceivedCrashRate: rateSchema,
  /** Google Play's: daily users with a user-perceived ANR over daily users, user-weighted. */
  userPerceivedAnrRate: rateSchema,
  sessions: z.number().int(),
  crashedSessions: z.number().int(),
  devices: z.number().int(),
  crashedDevices: z.number().int(),
  /** The daily users summed over the window's days (what the Play rates rest on). */
  userDays: z.number().int(),
});
export type ReleaseWindowVitals = z.infer<typeof releaseWindowVitalsSchema>;

export const rolloutStates = ['climbing', 'held', 'halted', 'complete'] as const;
export const haltRules = [
  'crashFreeSessions',
  'playCrashRate',
  'playAnrRate',
  'newCrashGroup',
  'manual',
] as const;

/** A release's vitals as the last evaluation stored them, with adoption and the rollout ladder. */
export const releaseVitalsSchema = z.object({
  last24h: releaseWindowVitalsSchema,
  sinceRelease: releaseWindowVitalsSchema,
  /** Share of the platform's devices active in the last 24 hours that run this release. */
  adoption: rateSchema,
  evaluatedAt: isoDateTimeSchema,
});
export type ReleaseVitalsFigures = z.infer<typeof releaseVitalsSchema>;

export const rolloutLadderSchema = z.object({
  steps: z.array(z.number().int()),
  state: z.enum(rolloutStates),
  /** When the current step began; the minimum time counts from it. */
  stepStartedAt: isoDateTimeSchema.nullable(),
  minMinutes: z.number().int(),
  minSessions: z.number().int(),
  nextStep: z.number().int().nullable(),
  /** The rule that halted the rollout by itself; 'manual' when staff halted it. */
  haltRule: z.enum(haltRules).nullable(),
});
export type RolloutLadder = z.infer<typeof rolloutLadderSchema>;

export const ladderMessages = {
  stepsInvalid: 'Steps must rise from 1 to 100 percent and end at 100 (at most 10 steps)',
  notActive: 'Only the active release climbs a rollout ladder',
  atTop: 'The rollout is already at 100%',
  halted: 'The rollout is halted: resume it before advancing',
  noPrevious: 'There is no earlier release to roll forward to',
  notHalted: 'Roll forward replaces a halted release: halt it first',
} as const;

/** PUT /api/ota/versions/{id}/ladder: the steps and the minimums of each step. */
export const rolloutLadderBodySchema = z.object({
  steps: z
    .array(z.number().int().min(1).max(100))
    .min(1)
    .max(10)
    .refine(
      (steps) => steps.at(-1) === 100 && steps.every((step, i) => i === 0 || step > steps[i - 1]!),
      ladderMessages.stepsInvalid,
    ),
  minMinutes: z.number().int().min(0).max(10_080).default(60),
  minSessions: z.number().int().min(0).max(10_000_000).default(200),
});
export type RolloutLadderBody = z.infer<typeof rolloutLadderBodySchema>;

/** POST /api/ota/versions/{id}/rollout-action: staff hold, release, advance, halt or resume. */
export const rolloutActions = ['hold', 'release', 'advance', 'halt', 'resume'] as const;
export const rolloutActionBodySchema = z.object({
  action: z.enum(rolloutActions),
  /** Why, for a halt by hand (kept as its reason). */
  reason: z.string().trim().max(500).optional(),
});
export type RolloutActionBody = z.infer<typeof rolloutActionBodySchema>;
export type RolloutAction = RolloutActionBody['action'];

/**
 * Text fields of POST /api/ota/versions/{id}/roll-forward (multipart; the file is field `apk`):
 * the previous good build, rebuilt with a version code above the latest (Android refuses a lower
 * one), replaces the halted release in one action.
 */
export const rollForwardFieldsSchema = z.object({
  releaseNotes: z.string().trim().max(5000).optional(),
});
export type RollForwardFields = z.infer<typeof rollForwardFieldsSchema>;
