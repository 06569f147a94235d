/**
 * The rollout ladder: the shares of devices a release is offered in turn. A release climbs to the
 * next step once it has spent a minimum time and gathered a minimum number of sessions at the
 * current one, and only while it is healthy and neither held nor halted.
 */

/** The default steps, percent of devices. */
export const defaultRolloutLadder: readonly number[] = [1, 5, 10, 25, 50, 100];
/** Minutes a release stays at a step before it may climb (default). */
export const defaultLadderMinMinutes = 60;
/** Sessions a release gathers at a step before it may climb (default). */
export const defaultLadderMinSessions = 200;

/** Whether a ladder is valid: 1 to 10 steps, strictly rising, 1 to 100, ending at 100. */
export function isValidLadder(steps: readonly number[]): boolean {
  if (steps.length === 0 || steps.length > 10) return false;
  if (steps.at(-1) !== 100) return false;
  return steps.every(
    (step, index) =>
      Number.isInteger(step) &&
      step >= 1 &&
      step <= 100 &&
      (index === 0 || step > steps[index - 1]!),
  );
}

/** The step above `percent` on the ladder, or null at (or above) the top. */
export function nextLadderStep(steps: readonly number[], percent: number): number | null {
  return steps.find((step) => step > percent) ?? null;
}

export type RolloutState = 'climbing' | 'held' | 'halted' | 'complete';

/** The state of a rollout from its stored fields. */
export function rolloutState(release: {
  rolloutPercent: number;
  rolloutPausedAt: unknown;
  rolloutHeld: boolean;
}): RolloutState {
  if (release.rolloutPausedAt) return 'halted';
  if (release.rolloutPercent >= 100) return 'complete';
  return release.rolloutHeld ? 'held' : 'climbing';
}

/** Whether a healthy, climbing release may take its next step now. */
export function mayClimb(input: {
  stepStartedAt: Date | null;
  sessionsAtStep: number;
  minMinutes: number;
  minSessions: number;
  now: Date;
}): boolean {
  if (!input.stepStartedAt) return false;
  const minutes = (input.now.getTime() - input.stepStartedAt.getTime()) / 60_000;
  return minutes >= input.minMinutes && input.sessionsAtStep >= input.minSessions;
}
