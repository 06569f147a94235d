/** The part of a release that decides whether changing it deserves a warning. */
export interface ReleaseHealthFigures {
  version: string;
  /** Crash-free devices from crash reports. */
  health: { crashFreeRate: number | null };
  /** Session vitals, once the app sends session pings: crash-free sessions in the last 24 hours. */
  vitals?: { last24h: { sessions: number; crashFreeSessions: number | null } } | null;
}

const sessionRate = (release: ReleaseHealthFigures): number | null => {
  const day = release.vitals?.last24h;
  return day && day.sessions > 0 ? day.crashFreeSessions : null;
};

/**
 * The warning to show before activating, widening or distributing `release`: set when its
 * crash-free rate is known and below that of the release before it; null otherwise. Crash-free
 * sessions (the figure the OTA page shows first) are compared when both releases have them, else
 * crash-free devices.
 */
export function releaseHealthWarning(
  release: ReleaseHealthFigures,
  previous: ReleaseHealthFigures | null | undefined,
): string | null {
  if (!previous) return null;
  const consequence = 'More devices would get a release that crashes more often.';
  const sessions = sessionRate(release);
  const previousSessions = sessionRate(previous);
  if (sessions !== null && previousSessions !== null) {
    if (sessions >= previousSessions) return null;
    return `${release.version} has ${sessions}% crash-free sessions in the last 24 hours, below ${previous.version} (${previousSessions}%). ${consequence}`;
  }
  const rate = release.health.crashFreeRate;
  const previousRate = previous.health.crashFreeRate;
  if (rate === null || previousRate === null || rate >= previousRate) return null;
  return `${release.version} is ${rate}% crash-free, below ${previous.version} (${previousRate}%). ${consequence}`;
}
