import {
  crashFreeSessionRate,
  playAnrRateThreshold,
  playCrashRateThreshold,
  type SessionCounts,
} from './release-vitals';

/**
 * When a rollout halts by itself. Each rule needs a minimum sample before it may fire, so a
 * release is never stopped on noise; the reason names the rule and its numbers.
 */

/** The two-sided critical value of the standard normal at 95 percent. */
export const z95 = 1.959964;
/** Sessions each release needs in the compared hours before the two-proportion test runs. */
export const minSessionsForComparison = 1_000;
/** Expected crashed and crash-free sessions each side needs under the pooled rate (n·p ≥ 5). */
export const minExpectedPerCell = 5;
/** Daily-user days the release needs before Play's bad-behaviour thresholds are applied. */
export const minUserDaysForPlayThresholds = 100;
/** Sessions since release before a new crash group's share may halt it. */
export const minSessionsForNewGroup = 100;
/** A crash group first seen on the release halts it once it reaches this share of its sessions. */
export const newGroupSharePercent = 1;

/** Wilson score interval of a proportion at 95 percent, as fractions. */
export function wilsonInterval(successes: number, trials: number, z = z95) {
  if (trials <= 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z / (1 + z2 / trials)) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials ** 2));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The outcome of the two-proportion z-test of crash-free sessions, new against previous. */
export interface SessionComparison {
  /** False when either side lacks the minimum sample; z is then null. */
  enoughSample: boolean;
  z: number | null;
  /** True when the new release's crash-free session rate is lower at 95 percent (two-sided). */
  worse: boolean;
}

/**
 * Two-proportion z-test (pooled) of the crash rate per session: z = (p_new - p_old) / sqrt(p(1-p)
 * (1/n_new + 1/n_old)). Runs once each side has `minSessionsForComparison` sessions and the
 * pooled rate expects at least 5 crashed and 5 crash-free sessions on each side.
 */
export function compareCrashFreeSessions(
  current: SessionCounts,
  previous: SessionCounts,
): SessionComparison {
  const n1 = current.started;
  const n2 = previous.started;
  const x1 = Math.min(current.crashed, n1);
  const x2 = Math.min(previous.crashed, n2);
  const pooled = n1 + n2 > 0 ? (x1 + x2) / (n1 + n2) : 0;
  const enough =
    n1 >= minSessionsForComparison &&
    n2 >= minSessionsForComparison &&
    Math.min(n1, n2) * pooled >= minExpectedPerCell &&
    Math.min(n1, n2) * (1 - pooled) >= minExpectedPerCell;
  if (!enough) return { enoughSample: false, z: null, worse: false };
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  const z = se === 0 ? 0 : (x1 / n1 - x2 / n2) / se;
  return { enoughSample: true, z: Math.round(z * 100) / 100, worse: z > z95 };
}

export type HaltRule = 'crashFreeSessions' | 'playCrashRate' | 'playAnrRate' | 'newCrashGroup';

export interface HaltVerdict {
  rule: HaltRule;
  reason: string;
}

export interface HaltInput {
  version: string;
  previousVersion: string | null;
  /** The release's and the previous release's sessions over the same hours. */
  current: SessionCounts;
  previous: SessionCounts | null;
  /** Play rates of the release over the same days, percent, and the user-days they rest on. */
  userPerceivedCrashRate: number | null;
  userPerceivedAnrRate: number | null;
  userDays: number;
  /** Sessions since release, and the largest crash group first seen on this release. */
  sessionsSinceRelease: number;
  newGroup: { title: string; occurrences: number } | null;
}

const fmt = (value: number) => `${Math.round(value * 100) / 100}%`;

/** The first rule that fires, or null while the release is healthy. */
export function haltVerdict(input: HaltInput): HaltVerdict | null {
  if (input.previous && input.previousVersion) {
    const comparison = compareCrashFreeSessions(input.current, input.previous);
    if (comparison.worse) {
      const now = crashFreeSessionRate(input.current) ?? 0;
      const before = crashFreeSessionRate(input.previous) ?? 0;
      return {
        rule: 'crashFreeSessions',
        reason:
          `Crash-free sessions ${fmt(now)} (${input.current.started} sessions) against ` +
          `${fmt(before)} (${input.previous.started}) on ${input.previousVersion} over the same ` +
          `hours: worse at 95% confidence (z = ${comparison.z})`,
      };
    }
  }
  if (input.userDays >= minUserDaysForPlayThresholds) {
    const crash = input.userPerceivedCrashRate;
    if (crash !== null && crash >= playCrashRateThreshold) {
      return {
        rule: 'playCrashRate',
        reason: `User-perceived crash rate ${fmt(crash)} of ${input.userDays} daily users reaches Google Play's bad-behaviour threshold of ${playCrashRateThreshold}%`,
      };
    }
    const anr = input.userPerceivedAnrRate;
    if (anr !== null && anr >= playAnrRateThreshold) {
      return {
        rule: 'playAnrRate',
        reason: `User-perceived ANR rate ${fmt(anr)} of ${input.userDays} daily users reaches Google Play's bad-behaviour threshold of ${playAnrRateThreshold}%`,
      };
    }
  }
  const group = input.newGroup;
  if (group && input.sessionsSinceRelease >= minSessionsForNewGroup) {
    const share = (group.occurrences / input.sessionsSinceRelease) * 100;
    if (share >= newGroupSharePercent) {
      return {
        rule: 'newCrashGroup',
        reason: `New crash group "${group.title}" in ${group.occurrences} of ${input.sessionsSinceRelease} sessions (${fmt(share)}), at least ${newGroupSharePercent}%`,
      };
    }
  }
  return null;
}
