import type { AppDb } from '../../db/client';
import type { SessionPingEntry } from '../../http/app-context';
import {
  addDailyUsers,
  addSessionHours,
  lockDevicesOnReleases,
  saveDeviceVersions,
  saveDevicesOnReleases,
} from './release-sessions.repo';
import { deviceKey, rollUpSessionPings } from './session-rollup';

/**
 * Counts one second's session pings of every device (the session-ping buffer's flush): reads and
 * locks the devices' rows on their releases, folds the pings into them (session-rollup.ts), and
 * writes the rows, the hourly session counters, the daily users and the version each device runs,
 * five statements in one transaction whatever the number of pings. Nothing is scanned per ping:
 * release health reads the counters.
 */
export async function flushSessionPings(
  db: AppDb,
  batch: ReadonlyMap<string, SessionPingEntry>,
): Promise<void> {
  const pings = [...batch.values()];
  if (pings.length === 0) return;
  const keys = new Map<string, { platform: string; versionCode: number; deviceId: string }>();
  const latest = new Map<string, SessionPingEntry>();
  for (const ping of pings) {
    keys.set(deviceKey(ping.platform, ping.versionCode, ping.deviceId), ping);
    const seen = latest.get(ping.deviceId);
    if (!seen || seen.at <= ping.at) latest.set(ping.deviceId, ping);
  }
  await db.transaction(async (tx) => {
    // Locked in one order, so two processes flushing the same devices never deadlock.
    const sortedKeys = [...keys.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, k]) => k);
    const rows = await lockDevicesOnReleases(tx, sortedKeys);
    const existing = new Map(
      rows.map((row) => [deviceKey(row.platform, row.versionCode, row.deviceId), row]),
    );
    const rollup = rollUpSessionPings(pings, existing);
    await saveDevicesOnReleases(tx, rollup.devices);
    await addSessionHours(tx, rollup.hours);
    await addDailyUsers(tx, rollup.days);
    await saveDeviceVersions(
      tx,
      [...latest.values()].map((ping) => ({
        deviceId: ping.deviceId,
        platform: ping.platform,
        versionCode: ping.versionCode,
        versionName: ping.versionName ?? null,
        reportedAt: ping.at,
      })),
    );
  });
}
