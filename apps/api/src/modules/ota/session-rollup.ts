import type { SessionPingEntry } from '../../http/app-context';

/** A device's row on a release as the rollup reads and writes it. */
export interface DeviceOnRelease {
  platform: string;
  versionCode: number;
  deviceId: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
  lastCrashAt: Date | null;
  lastPerceivedCrashAt: Date | null;
  lastAnrAt: Date | null;
  sessionId: string | null;
  endedSessionId: string | null;
}

export interface HourIncrement {
  platform: string;
  versionCode: number;
  hour: Date;
  started: number;
  exited: number;
  crashed: number;
  abnormal: number;
  anr: number;
}

export interface DayIncrement {
  platform: string;
  versionCode: number;
  day: string;
  users: number;
  perceivedCrashUsers: number;
  perceivedAnrUsers: number;
}

export interface SessionRollup {
  devices: DeviceOnRelease[];
  hours: HourIncrement[];
  days: DayIncrement[];
}

/** The key of a device on a release. */
export const deviceKey = (platform: string, versionCode: number, deviceId: string) =>
  `${platform}|${versionCode}|${deviceId}`;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const utcHour = (at: Date) => {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour;
};
const sameDay = (a: Date | null, b: Date) => a !== null && utcDay(a) === utcDay(b);

/**
 * Folds a batch of pings into the devices' rows and the counters' increments. Pure: the caller
 * reads the rows (`existing`, by deviceKey) and writes what this answers.
 *
 * - A start counts a session unless the device's last started session has the same id (a resume
 *   within 30 s sends it again). An end counts its status once per session; an end whose start
 *   was never seen counts the start too, so crashed sessions never outnumber started ones.
 * - A device counts once a day among the release's daily users (its first ping of the UTC day),
 *   once a day among those with a user-perceived crash (a crashed end in the foreground) and
 *   once a day among those with a user-perceived ANR.
 */
export function rollUpSessionPings(
  pings: Iterable<SessionPingEntry>,
  existing: ReadonlyMap<string, DeviceOnRelease>,
): SessionRollup {
  const devices = new Map<string, DeviceOnRelease>();
  const hours = new Map<string, HourIncrement>();
  const days = new Map<string, DayIncrement>();
  const sorted = [...pings].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const ping of sorted) {
    const key = deviceKey(ping.platform, ping.versionCode, ping.deviceId);
    const before = devices.get(key) ?? existing.get(key);
    const row: DeviceOnRelease = before
      ? { ...before }
      : {
          platform: ping.platform,
          versionCode: ping.versionCode,
          deviceId: ping.deviceId,
          firstSeenAt: ping.at,
          lastSeenAt: ping.at,
          lastCrashAt: null,
          lastPerceivedCrashAt: null,
          lastAnrAt: null,
          sessionId: null,
          endedSessionId: null,
        };
    const hourKey = `${ping.platform}|${ping.versionCode}|${utcHour(ping.at).toISOString()}`;
    const hour = hours.get(hourKey) ?? {
      platform: ping.platform,
      versionCode: ping.versionCode,
      hour: utcHour(ping.at),
      started: 0,
      exited: 0,
      crashed: 0,
      abnormal: 0,
      anr: 0,
    };
    const dayKey = `${ping.platform}|${ping.versionCode}|${utcDay(ping.at)}`;
    const day = days.get(dayKey) ?? {
      platform: ping.platform,
      versionCode: ping.versionCode,
      day: utcDay(ping.at),
      users: 0,
      perceivedCrashUsers: 0,
      perceivedAnrUsers: 0,
    };
    if (!before || !sameDay(before.lastSeenAt, ping.at)) day.users += 1;
    if (row.sessionId !== ping.sessionId) {
      hour.started += 1;
      row.sessionId = ping.sessionId;
    }
    if (ping.event === 'end' && ping.status && row.endedSessionId !== ping.sessionId) {
      row.endedSessionId = ping.sessionId;
      hour[ping.status] += 1;
      if (ping.status === 'crashed') {
        row.lastCrashAt = ping.at;
        if (ping.foreground) {
          if (!sameDay(row.lastPerceivedCrashAt, ping.at)) day.perceivedCrashUsers += 1;
          row.lastPerceivedCrashAt = ping.at;
        }
      }
      if (ping.anr) {
        hour.anr += 1;
        if (!sameDay(row.lastAnrAt, ping.at)) day.perceivedAnrUsers += 1;
        row.lastAnrAt = ping.at;
      }
    }
    if (ping.at > row.lastSeenAt) row.lastSeenAt = ping.at;
    devices.set(key, row);
    hours.set(hourKey, hour);
    days.set(dayKey, day);
  }
  return { devices: [...devices.values()], hours: [...hours.values()], days: [...days.values()] };
}
