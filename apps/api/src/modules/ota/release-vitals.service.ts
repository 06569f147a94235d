import type { ReleaseVitalsFigures, ReleaseWindowVitals } from '@patrol/contracts';
import {
  adoptionRate,
  releaseVitals,
  type DailyUsers,
  type DeviceCounts,
  type HaltInput,
  type SessionCounts,
} from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { OtaVersionRow } from '../../db/schema';
import { anrDevicesByDay, largestNewCrashGroups } from '../crash-reports/release-crashes.service';
import {
  countReleaseDevices,
  findReleaseDailyUsers,
  releaseKey,
  sumReleaseSessions,
  sumSessionHours,
} from './release-figures.repo';

/** The last 24 hours: the current hour and the 23 before it (hour counters). */
export function windowStart(now: Date): Date {
  const hour = new Date(now);
  hour.setUTCMinutes(0, 0, 0);
  return new Date(hour.getTime() - 23 * 60 * 60 * 1000);
}

/** The days the last 24 hours touch (yesterday and today, UTC): Play's unit is the day. */
export function windowFirstDay(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Daily users with the ANR devices of crash reports folded in (the larger count of each day). */
function withAnrReports(days: DailyUsers[], reported: Map<string, number>): DailyUsers[] {
  return days.map((day) => ({
    ...day,
    perceivedAnrUsers: Math.min(
      day.users,
      Math.max(day.perceivedAnrUsers, reported.get(day.day) ?? 0),
    ),
  }));
}

function present(
  vitals: ReturnType<typeof releaseVitals>,
  sessions: SessionCounts,
): ReleaseWindowVitals {
  return {
    crashFreeSessions: vitals.crashFreeSessions,
    crashFreeDevices: vitals.crashFreeDevices,
    userPerceivedCrashRate: vitals.userPerceivedCrashRate,
    userPerceivedAnrRate: vitals.userPerceivedAnrRate,
    sessions: sessions.started,
    crashedSessions: sessions.crashed,
    devices: vitals.devices.devices,
    crashedDevices: vitals.devices.crashedDevices,
    userDays: vitals.userDays,
  };
}

export interface EvaluatedRelease {
  figures: ReleaseVitalsFigures;
  /** What the halt rules read, the previous release's sessions still to be filled in. */
  haltInput: Omit<HaltInput, 'previous' | 'previousVersion'>;
  last24hSessions: SessionCounts;
}

/** What a release's figures are computed from (`readReleaseCounters`). */
export interface ReleaseCounters {
  sessions: { recent: SessionCounts; ever: SessionCounts };
  devices: { window: DeviceCounts; ever: DeviceCounts };
  days: DailyUsers[];
  /** Devices with an ANR report from the release per UTC day of the window's days. */
  anrReported: Map<string, number>;
  newGroup: { title: string; occurrences: number } | undefined;
}

/**
 * The counters of every release evaluated, by release id: one statement per kind for all of them
 * (hour and day rows of the session counters and device roll-ups, and the releases' crash groups
 * and the window's ANR reports).
 */
export async function readReleaseCounters(
  db: DbExecutor,
  releases: readonly OtaVersionRow[],
  now: Date,
): Promise<Map<string, ReleaseCounters>> {
  const since = windowStart(now);
  const versions = releases.map((release) => release.version);
  const sessions = await sumReleaseSessions(db, releases, since);
  const devices = await countReleaseDevices(db, releases, since);
  const days = await findReleaseDailyUsers(db, releases, '1970-01-01');
  // ANR reports are read for the window's days only: their cost then follows a day of reports.
  const firstDay = new Date(`${windowFirstDay(now)}T00:00:00Z`);
  const anrReported = await anrDevicesByDay(db, versions, firstDay);
  const newGroups = await largestNewCrashGroups(db, versions);
  return new Map(
    releases.map((release) => {
      const key = releaseKey(release);
      const newGroup = newGroups.get(release.version);
      return [
        release.id,
        {
          sessions: sessions.get(key)!,
          devices: devices.get(key)!,
          days: days.get(key)!,
          anrReported: anrReported.get(release.version)!,
          newGroup: newGroup && { title: newGroup.title, occurrences: newGroup.occurrences },
        },
      ];
    }),
  );
}

/**
 * A release's figures for the last 24 hours (the current hour and the 23 before it) and since
 * release, from its counters, and its adoption among the platform's devices active in those
 * hours (`activeByVersion`).
 */
export function evaluateRelease(
  release: OtaVersionRow,
  counters: ReleaseCounters,
  activeByVersion: ReadonlyMap<number, number>,
  now: Date,
): EvaluatedRelease {
  const firstDay = windowFirstDay(now);
  const { recent: last24hSessions, ever: everSessions } = counters.sessions;
  const everDays = withAnrReports(counters.days, counters.anrReported);
  const lastDays = everDays.filter((day) => day.day >= firstDay);
  const last24h = releaseVitals({
    sessions: last24hSessions,
    devices: counters.devices.window,
    days: lastDays,
  });
  const ever = releaseVitals({
    sessions: everSessions,
    devices: counters.devices.ever,
    days: everDays,
  });
  const active = [...activeByVersion.values()].reduce((sum, count) => sum + count, 0);
  return {
    figures: {
      last24h: present(last24h, last24hSessions),
      sinceRelease: present(ever, everSessions),
      adoption: adoptionRate(activeByVersion.get(release.versionCode) ?? 0, active),
      evaluatedAt: now.toISOString(),
    },
    haltInput: {
      version: release.version,
      current: last24hSessions,
      userPerceivedCrashRate: last24h.userPerceivedCrashRate,
      userPerceivedAnrRate: last24h.userPerceivedAnrRate,
      userDays: last24h.userDays,
      sessionsSinceRelease: everSessions.started,
      newGroup: counters.newGroup ?? null,
    },
    last24hSessions,
  };
}

/** The sessions a release gathered since its current step began (hour counters from that hour). */
export function sessionsSinceStep(db: DbExecutor, release: OtaVersionRow): Promise<SessionCounts> {
  const from = new Date(release.rolloutStepAt ?? release.uploadedAt);
  from.setUTCMinutes(0, 0, 0);
  return sumSessionHours(db, release, from);
}
