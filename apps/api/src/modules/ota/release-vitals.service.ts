import type { ReleaseVitalsFigures, ReleaseWindowVitals } from '@patrol/contracts';
import {
  adoptionRate,
  releaseVitals,
  type DailyUsers,
  type HaltInput,
  type SessionCounts,
} from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { OtaVersionRow } from '../../db/schema';
import { anrDevicesByDay, largestNewCrashGroup } from '../crash-reports/release-crashes.service';
import {
  countDevicesOnRelease,
  findDailyUsers,
  sumRecentAndEverSessions,
  sumSessionHours,
} from './release-sessions.repo';

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

/**
 * A release's figures for the last 24 hours (the current hour and the 23 before it) and since
 * release, read from the rolled-up counters (a few index ranges of hour and day rows), and its
 * adoption among the platform's devices active in those hours (`activeByVersion`).
 */
export async function evaluateRelease(
  db: DbExecutor,
  release: OtaVersionRow,
  activeByVersion: ReadonlyMap<number, number>,
  now: Date,
): Promise<EvaluatedRelease> {
  const since = windowStart(now);
  const firstDay = windowFirstDay(now);
  const { recent: last24hSessions, ever: everSessions } = await sumRecentAndEverSessions(
    db,
    release,
    since,
  );
  const devices = await countDevicesOnRelease(db, release, since);
  // ANR reports are read for the window's days only: their cost then follows a day of reports.
  const anrReported = await anrDevicesByDay(db, release.version, new Date(`${firstDay}T00:00:00Z`));
  const everDays = withAnrReports(await findDailyUsers(db, release, '1970-01-01'), anrReported);
  const lastDays = everDays.filter((day) => day.day >= firstDay);
  const last24h = releaseVitals({
    sessions: last24hSessions,
    devices: devices.window,
    days: lastDays,
  });
  const ever = releaseVitals({ sessions: everSessions, devices: devices.ever, days: everDays });
  const active = [...activeByVersion.values()].reduce((sum, count) => sum + count, 0);
  const newGroup = await largestNewCrashGroup(db, release.version);
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
      newGroup: newGroup ? { title: newGroup.title, occurrences: newGroup.occurrences } : null,
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
