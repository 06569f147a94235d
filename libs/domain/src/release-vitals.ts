/**
 * Release vitals: crash-free sessions and devices, Google Play's user-perceived crash and ANR
 * rates, and adoption, computed from the rolled-up counters the API keeps (per release per hour
 * for sessions, per release per day for daily users). Pure, so a test can build known sessions and
 * check each figure to the decimal, and the console can show the same figures the API judged on.
 */

/** Google Play's overall bad-behaviour threshold of the user-perceived crash rate, percent. */
export const playCrashRateThreshold = 1.09;
/** Google Play's overall bad-behaviour threshold of the user-perceived ANR rate, percent. */
export const playAnrRateThreshold = 0.47;

/** Sessions of one release over some hours: started, and how the ended ones ended. */
export interface SessionCounts {
  started: number;
  exited: number;
  crashed: number;
  abnormal: number;
  /** Sessions that had a user-perceived ANR (whatever their end). */
  anr: number;
}

/** One release's daily active users on one day (a device counts once a day). */
export interface DailyUsers {
  /** YYYY-MM-DD, UTC. */
  day: string;
  users: number;
  /** Of them, devices with at least one crash while the app was in active use that day. */
  perceivedCrashUsers: number;
  /** Of them, devices with at least one user-perceived ANR that day. */
  perceivedAnrUsers: number;
}

/** Devices that ran the release in a window, and how many of them crashed in it. */
export interface DeviceCounts {
  devices: number;
  crashedDevices: number;
}

export const emptySessionCounts: SessionCounts = {
  started: 0,
  exited: 0,
  crashed: 0,
  abnormal: 0,
  anr: 0,
};

/** Adds hourly counters into one total. */
export function sumSessions(hours: readonly SessionCounts[]): SessionCounts {
  return hours.reduce<SessionCounts>(
    (total, hour) => ({
      started: total.started + hour.started,
      exited: total.exited + hour.exited,
      crashed: total.crashed + hour.crashed,
      abnormal: total.abnormal + hour.abnormal,
      anr: total.anr + hour.anr,
    }),
    emptySessionCounts,
  );
}

/** A share in percent, rounded to two decimals (as Play shows its rates); null over nothing. */
export function percent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((Math.min(part, whole) / whole) * 10_000) / 100;
}

/**
 * Crash-free sessions, percent: sessions started in the window that did not end in a crash. A
 * crash ended in the window is counted against the sessions started in it (an hour's crashes can
 * belong to sessions started the hour before; over a day the difference is a handful).
 */
export function crashFreeSessionRate(sessions: SessionCounts): number | null {
  if (sessions.started <= 0) return null;
  return percent(sessions.started - Math.min(sessions.crashed, sessions.started), sessions.started);
}

/** Crash-free devices, percent: devices on the release in the window with no crash in it. */
export function crashFreeDeviceRate(counts: DeviceCounts): number | null {
  if (counts.devices <= 0) return null;
  const crashed = Math.min(counts.crashedDevices, counts.devices);
  return percent(counts.devices - crashed, counts.devices);
}

/**
 * Google Play's user-perceived crash rate over several days: the daily active users who had at
 * least one user-perceived crash over the daily active users, user-weighted across the days
 * (the sum of each day's numerator over the sum of each day's users), percent.
 */
export function userPerceivedCrashRate(days: readonly DailyUsers[]): number | null {
  const users = days.reduce((sum, day) => sum + day.users, 0);
  return percent(
    days.reduce((sum, day) => sum + day.perceivedCrashUsers, 0),
    users,
  );
}

/** Google Play's user-perceived ANR rate over several days, user-weighted like the crash rate. */
export function userPerceivedAnrRate(days: readonly DailyUsers[]): number | null {
  const users = days.reduce((sum, day) => sum + day.users, 0);
  return percent(
    days.reduce((sum, day) => sum + day.perceivedAnrUsers, 0),
    users,
  );
}

/** Daily active user-days in the days (the sample the Play rates rest on). */
export function userDays(days: readonly DailyUsers[]): number {
  return days.reduce((sum, day) => sum + day.users, 0);
}

/** Adoption, percent: the release's active devices over every active device of the platform. */
export function adoptionRate(releaseDevices: number, activeDevices: number): number | null {
  return percent(releaseDevices, activeDevices);
}

/** The figures a release shows, for the last 24 hours and since it was released. */
export interface ReleaseVitals {
  crashFreeSessions: number | null;
  crashFreeDevices: number | null;
  userPerceivedCrashRate: number | null;
  userPerceivedAnrRate: number | null;
  sessions: SessionCounts;
  devices: DeviceCounts;
  userDays: number;
}

/** One window's vitals from its counters. */
export function releaseVitals(input: {
  sessions: SessionCounts;
  devices: DeviceCounts;
  days: readonly DailyUsers[];
}): ReleaseVitals {
  return {
    crashFreeSessions: crashFreeSessionRate(input.sessions),
    crashFreeDevices: crashFreeDeviceRate(input.devices),
    userPerceivedCrashRate: userPerceivedCrashRate(input.days),
    userPerceivedAnrRate: userPerceivedAnrRate(input.days),
    sessions: input.sessions,
    devices: input.devices,
    userDays: userDays(input.days),
  };
}
