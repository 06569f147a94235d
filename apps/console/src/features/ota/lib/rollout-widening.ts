import type { OtaVersion } from '@patrol/contracts';

/**
 * A move that offers a release to more devices, asked first: a higher share, the ladder's next
 * step now, or resuming a halted rollout. Lower shares, holds and halts are not asked.
 */
export type Widening =
  { kind: 'share'; to: number } | { kind: 'advance'; to: number } | { kind: 'resume' };

/** The confirmation's words for a widening of `version`'s rollout. */
export function wideningText(version: OtaVersion, widening: Widening) {
  const devices = `devices on the ${version.channel} channel`;
  if (widening.kind === 'resume') {
    return {
      title: `Resume the rollout of ${version.version}?`,
      description: `${version.rolloutPercent}% of ${devices} are offered ${version.version} again on their next check.`,
      confirmLabel: 'Resume Rollout',
    };
  }
  const verb = widening.kind === 'share' ? 'Widen' : 'Advance';
  return {
    title: `${verb} the rollout of ${version.version} to ${widening.to}%?`,
    description: `${widening.to}% of ${devices} are offered ${version.version} instead of ${version.rolloutPercent}%.`,
    confirmLabel: `${verb} to ${widening.to}%`,
  };
}
