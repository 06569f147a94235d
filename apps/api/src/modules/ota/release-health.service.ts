import { randomUUID } from 'node:crypto';
import { crashFreeRate, shouldPauseRollout } from '@patrol/domain';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { crashReports, deviceAppVersions, otaVersions, type OtaVersionRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { recordAudit } from '../audit/audit.service';
import { findPreviousVersion, updateVersion } from './ota.repo';

/** Devices and crashes count over the last day: long enough to see a crash, short to move. */
export const releaseHealthWindowMs = 24 * 60 * 60 * 1000;
/** Fewer devices than this on a release say too little to pause it. */
export const releaseHealthMinDevices = 10;
/** How many of the newest releases have their health refreshed. */
const releasesWatched = 10;
/** How often the API refreshes release health. */
export const releaseHealthIntervalMs = 60_000;

type HealthDeps = Pick<AppContext, 'db' | 'events' | 'config' | 'logger'> & {
  observability: Pick<AppContext['observability'], 'worker'>;
};

/**
 * Devices that said they run the release within the window (index on platform, code, time), and
 * how many of those sent a crash (not a debug report) from it within the window.
 */
async function releaseFleet(db: DbExecutor, release: OtaVersionRow, since: Date) {
  const crashedFromRelease = db
    .select({ one: sql`1` })
    .from(crashReports)
    .where(
      and(
        eq(crashReports.deviceId, deviceAppVersions.deviceId),
        eq(crashReports.appVersion, release.version),
        gt(crashReports.createdAt, since),
        ne(crashReports.reportType, 'debug'),
      ),
    );
  const [row] = await db
    .select({
      devices: sql<number>`count(*)`.mapWith(Number),
      crashed: sql<number>`count(*) filter (where exists ${crashedFromRelease})`.mapWith(Number),
    })
    .from(deviceAppVersions)
    .where(
      and(
        eq(deviceAppVersions.platform, release.platform),
        eq(deviceAppVersions.versionCode, release.versionCode),
        gt(deviceAppVersions.reportedAt, since),
      ),
    );
  return { devices: row?.devices ?? 0, crashed: row?.crashed ?? 0 };
}

/**
 * Refreshes the health of the newest releases (devices on each and devices that crashed on it),
 * then pauses a running staged rollout whose crash-free rate has fallen more than the configured
 * points below the previous release's: audited (no actor) and announced as a systemAlert. A few indexed counts per release, once a minute, so the versions list and the
 * console read stored figures and never count devices themselves.
 */
export async function refreshReleaseHealth(deps: HealthDeps, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - releaseHealthWindowMs);
  const releases = await deps.db
    .select()
    .from(otaVersions)
    .orderBy(desc(otaVersions.versionCode))
    .limit(releasesWatched);
  for (const release of releases) {
    const { devices, crashed } = await releaseFleet(deps.db, release, since);
    await updateVersion(deps.db, release.id, {
      healthDevices: devices,
      healthCrashedDevices: crashed,
      healthCheckedAt: now,
    });
  }
  for (const release of releases) {
    if (release.isActive && release.rolloutPausedAt === null && release.rolloutPercent < 100) {
      await pauseIfUnhealthy(deps, release.id, now);
    }
  }
}

async function pauseIfUnhealthy(deps: HealthDeps, releaseId: string, now: Date): Promise<void> {
  const paused = await deps.db.transaction(async (tx) => {
    const [release] = await tx
      .select()
      .from(otaVersions)
      .where(eq(otaVersions.id, releaseId))
      .for('update');
    if (!release || release.rolloutPausedAt !== null) return undefined;
    const previous = await findPreviousVersion(tx, release.platform, release.versionCode);
    const previousRate = previous
      ? crashFreeRate(previous.healthDevices, previous.healthCrashedDevices)
      : null;
    const current = {
      devicesReporting: release.healthDevices,
      devicesCrashed: release.healthCrashedDevices,
    };
    const pause = shouldPauseRollout({
      current,
      previousRate,
      maxDropPoints: deps.config.otaRolloutPausePoints,
      minDevices: releaseHealthMinDevices,
    });
    if (!pause || !previous) return undefined;
    const rate = crashFreeRate(current.devicesReporting, current.devicesCrashed);
    const reason = `Crash-free devices ${rate}% against ${previousRate}% on ${previous.version}`;
    const updated = await updateVersion(tx, release.id, {
      rolloutPausedAt: now,
      rolloutPauseReason: reason,
    });
    await recordAudit(tx, {
      actorId: null,
      action: 'ota.rollout_paused_by_health',
      entityType: 'ota_version',
      entityId: release.id,
      before: { rolloutPaused: false },
      after: { rolloutPaused: true, rolloutPauseReason: reason },
    });
    return updated;
  });
  if (!paused) return;
  deps.logger.warn(
    { version: paused.version, reason: paused.rolloutPauseReason },
    'rollout paused',
  );
  deps.events.publish('systemAlert', {
    id: randomUUID(),
    severity: 'critical',
    source: 'otaRollout',
    state: 'raised',
    worker: deps.observability.worker.id,
    message: `Rollout of ${paused.version} paused: ${paused.rolloutPauseReason}`,
    timestamp: now.toISOString(),
  });
}

/** Runs `refreshReleaseHealth` every minute until stopped; a failure is logged and retried. */
export function startReleaseHealthWatch(deps: HealthDeps): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refreshReleaseHealth(deps)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'release health refresh failed'))
      .finally(() => {
        running = false;
      });
  }, releaseHealthIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
