import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildTestApk } from '@patrol/test-apk';
import { count, inArray } from 'drizzle-orm';
import type { AppDb, DbExecutor } from '../../apps/api/src/db/client';
import {
  deviceAppVersions,
  otaVersions,
  releaseDailyUsers,
  releaseDevices,
  releaseSessionHours,
} from '../../apps/api/src/db/schema';
import type { SessionPingEntry } from '../../apps/api/src/http/app-context';
import { refreshReleaseFigures } from '../../apps/api/src/modules/ota/release-health.service';
import { rollUpSessionPings } from '../../apps/api/src/modules/ota/session-rollup';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** The demo's app releases, oldest first; the newest is rolling out. */
export const demoReleases = [
  { version: '2.3.0', versionCode: 230, daysAgo: 30, crashRate: 0.004 },
  { version: '2.4.0', versionCode: 240, daysAgo: 14, crashRate: 0.002 },
  { version: '2.4.1', versionCode: 241, daysAgo: 4, crashRate: 0.002 },
] as const;
/** Sessions are made for this many days back (the older release's first weeks are not). */
const historyDays = 21;
const demoFileName = 'demo-seed.apk';

/** A bound demo device: it sends sessions from its binding to its last activity. */
export interface DemoDevice {
  deviceId: string;
  from: Date;
  until: Date;
}

export interface DemoReleasesResult {
  releases: number;
  sessions: number;
}

/**
 * The demo's app releases (real test APKs, stored when `uploadsDirectory` is given) and the
 * session pings their devices sent over three weeks, folded by the API's own session rollup into
 * the release-health counters: hourly sessions, daily users, each device's row on its release,
 * and the version each device runs. Devices move to a release a day or two after it appears.
 * Skipped (zeros) when the database already holds releases other than the demo's.
 */
export async function seedDemoReleases(
  tx: DbExecutor,
  devices: readonly DemoDevice[],
  random: () => number,
  now: Date,
  uploadsDirectory?: string,
): Promise<DemoReleasesResult> {
  const [held] = await tx.select({ value: count() }).from(otaVersions);
  if (held && held.value > 0) return { releases: 0, sessions: 0 };
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * dayMs);
  for (const release of demoReleases) {
    const newest = release === demoReleases.at(-1);
    const apk = await buildTestApk({
      versionCode: release.versionCode,
      versionName: release.version,
    });
    const filePath = `android-${release.versionCode}-demo.apk`;
    if (uploadsDirectory) {
      await mkdir(join(uploadsDirectory, 'apk'), { recursive: true });
      await writeFile(join(uploadsDirectory, 'apk', filePath), apk);
    }
    await tx.insert(otaVersions).values({
      version: release.version,
      versionCode: release.versionCode,
      packageName: 'com.patrol.guard',
      isActive: newest,
      fileSize: apk.length,
      checksum: createHash('sha256').update(apk).digest('hex'),
      filePath,
      originalFileName: demoFileName,
      releaseNotes: `Patrol ${release.version}`,
      // The newest climbs its ladder from 25 %, reached half an hour ago.
      rolloutPercent: newest ? 25 : 100,
      rolloutStepAt: newest ? new Date(now.getTime() - hourMs / 2) : null,
      uploadedAt: at(release.daysAgo),
    });
  }
  const pings = devices.flatMap((device) => devicePings(device, random, now));
  const rollup = rollUpSessionPings(pings, new Map());
  const chunks = <T>(rows: T[]) =>
    Array.from({ length: Math.ceil(rows.length / 500) }, (_, n) =>
      rows.slice(n * 500, n * 500 + 500),
    );
  for (const rows of chunks(rollup.hours)) await tx.insert(releaseSessionHours).values(rows);
  for (const rows of chunks(rollup.days)) await tx.insert(releaseDailyUsers).values(rows);
  for (const rows of chunks(rollup.devices)) await tx.insert(releaseDevices).values(rows);
  const running = new Map<string, SessionPingEntry>();
  for (const ping of pings) running.set(ping.deviceId, ping);
  const versions = [...running.values()].map((ping) => ({
    deviceId: ping.deviceId,
    platform: ping.platform,
    versionCode: ping.versionCode,
    versionName: ping.versionName ?? null,
    reportedAt: ping.at,
  }));
  for (const rows of chunks(versions)) await tx.insert(deviceAppVersions).values(rows);
  return {
    releases: demoReleases.length,
    sessions: rollup.hours.reduce((sum, hour) => sum + hour.started, 0),
  };
}

/**
 * Works out the demo releases' health as the API's minute watch does (crash-free sessions and
 * devices, Play's rates, adoption), so the console shows them at once; nothing is announced.
 */
export async function evaluateDemoReleases(db: AppDb, now: Date): Promise<void> {
  await refreshReleaseFigures(db, now);
}

/** Deletes what seedDemoReleases wrote (a reset): its releases, and every device's counters. */
export async function resetDemoReleases(tx: DbExecutor): Promise<void> {
  await tx.delete(releaseSessionHours);
  await tx.delete(releaseDailyUsers);
  await tx.delete(releaseDevices);
  await tx.delete(deviceAppVersions);
  await tx.delete(otaVersions).where(
    inArray(
      otaVersions.version,
      demoReleases.map((release) => release.version),
    ),
  );
}

/**
 * One device's pings, oldest first: two to five sessions a day in its working hours between its
 * binding and its last activity, each a start and (unless still running) an end: crashed at its release's rate, a few abnormal, now and then
 * with an ANR. The device runs each release from a day or two after it appeared.
 */
function devicePings(device: DemoDevice, random: () => number, now: Date): SessionPingEntry[] {
  const { deviceId } = device;
  // Three in four devices updated to 2.4.0; a quarter are on 2.4.1 already.
  const updates = demoReleases.map((release, index) => {
    const takes = index === 0 || random() < (index === 1 ? 0.75 : 0.25);
    return takes ? now.getTime() - (release.daysAgo - 0.5 - random() * 1.5) * dayMs : Infinity;
  });
  const pings: SessionPingEntry[] = [];
  for (let day = historyDays; day >= 0; day -= 1) {
    const dayStart =
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - day * dayMs;
    const sessions = 2 + Math.floor(random() * 4);
    for (let n = 0; n < sessions; n += 1) {
      // Between 08:00 and 22:00 in Malaysia (00:00 to 14:00 UTC).
      const start = dayStart + random() * 14 * hourMs;
      if (start < device.from.getTime() || start > device.until.getTime()) continue;
      const index = updates.findLastIndex((from) => from <= start);
      if (index < 0) continue;
      const release = demoReleases[index]!;
      const base = {
        deviceId,
        platform: 'android',
        versionCode: release.versionCode,
        versionName: release.version,
        sessionId: `s-${Math.floor(start).toString(36)}`,
      };
      pings.push({
        ...base,
        event: 'start',
        status: undefined,
        foreground: true,
        anr: false,
        at: new Date(start),
      });
      const end = start + (5 + random() * 85) * 60_000;
      if (end > Math.min(now.getTime(), device.until.getTime() + hourMs)) continue;
      const roll = random();
      const status =
        roll < release.crashRate
          ? 'crashed'
          : roll < release.crashRate + 0.003
            ? 'abnormal'
            : 'exited';
      // The rolling-out release's few crashes happen in the background (a sync), so Play's
      // user-perceived rates stay clear and the demo rollout is not halted by them.
      const newest = index === demoReleases.length - 1;
      pings.push({
        ...base,
        event: 'end',
        status,
        foreground: newest && status === 'crashed' ? false : random() < 0.85,
        anr: !newest && random() < 0.0008,
        at: new Date(end),
      });
    }
  }
  return pings.sort((a, b) => a.at.getTime() - b.at.getTime());
}
