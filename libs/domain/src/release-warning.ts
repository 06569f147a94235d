/** The part of a release that decides whether changing it deserves a warning. */
export interface ReleaseHealthFigures {
  version: string;
  health: { crashFreeRate: number | null };
}

/**
 * The warning to show before activating, widening or distributing `release`: set when its
 * crash-free rate is known and below that of the release before it; null otherwise.
 */
export function releaseHealthWarning(
  release: ReleaseHealthFigures,
  previous: ReleaseHealthFigures | null | undefined,
): string | null {
  const rate = release.health.crashFreeRate;
  const previousRate = previous?.health.crashFreeRate ?? null;
  if (rate === null || previousRate === null || !previous || rate >= previousRate) return null;
  return `${release.version} is ${rate}% crash-free, below ${previous.version} (${previousRate}%). More devices would get a release that crashes more often.`;
}
