import { randomUUID } from 'node:crypto';
import { crashFreeRate, shouldPauseRollout } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { OtaVersionRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { recordAudit } from '../audit/audit.service';
import { devicesCrashedOnVersion } from '../crash-reports/crash-reports.service';
import { findPreviousVersion, updateVersion } from './ota.repo';
import {
  countReleaseFleet,
  findNewestReleases,
  lastHealthCheck,
  lockRelease,
  tryLockHealthRefresh,
} from './release-health.repo';

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
 * Devices that said they run the release within the window, and how many of those sent a crash
 * (not a debug report) from it within the window: the crashed devices come from the release's
 * reports in the window (the crash-reports module's), so the cost follows the release's recent
 * crashes, not its fleet.
 */
async function releaseFleet(db: DbExecutor, release: OtaVersionRow, since: Date) {
  const crashed = await devicesCrashedOnVersion(db, release.version, since);
  return countReleaseFleet(db, release, since, crashed);
}

/**
 * Refreshes the health of the newest releases (devices on each and devices that crashed on it),
 * then pauses a running staged rollout whose crash-free rate has fallen more than the configured
 * points below the previous release's: audited (no actor) and announced as a systemAlert. A few
 * indexed counts per release, once a minute, so the versions list and the console read stored
 * figures and never count devices themselves.
 */
export async function refreshReleaseHealth(deps: HealthDeps, now = new Date()): Promise<void> {
  const paused = await deps.db.transaction((tx) => refreshWithin(deps.config, tx, now));
  announcePauses(deps, paused, now);
}

/**
 * What each worker runs every minute: the refresh, unless another worker is running it (an advisory
 * lock held by its transaction) or ran it less than a minute ago, so n workers sharing a database
 * refresh once a minute between them. Answers whether this call refreshed.
 */
export async function refreshReleaseHealthIfDue(
  deps: HealthDeps,
  now = new Date(),
): Promise<boolean> {
  const paused = await deps.db.transaction(async (tx) =>
    (await claimRefresh(tx, now)) ? refreshWithin(deps.config, tx, now) : null,
  );
  if (!paused) return false;
  announcePauses(deps, paused, now);
  return true;
}

/** A refresh this much short of the interval ago still counts as this minute's (timers drift). */
const intervalSlackMs = 5_000;

async function claimRefresh(tx: DbExecutor, now: Date): Promise<boolean> {
  if (!(await tryLockHealthRefresh(tx))) return false;
  // A statement of its own, after the lock: it sees a refresh that committed while we waited.
  const checkedAt = await lastHealthCheck(tx);
  return (
    !checkedAt || now.getTime() - checkedAt.getTime() >= releaseHealthIntervalMs - intervalSlackMs
  );
}

async function refreshWithin(
  config: HealthDeps['config'],
  tx: DbExecutor,
  now: Date,
): Promise<OtaVersionRow[]> {
  const since = new Date(now.getTime() - releaseHealthWindowMs);
  const releases = await findNewestReleases(tx, releasesWatched);
  for (const release of releases) {
    const { devices, crashed } = await releaseFleet(tx, release, since);
    await updateVersion(tx, release.id, {
      healthDevices: devices,
      healthCrashedDevices: crashed,
      healthCheckedAt: now,
    });
  }
  const paused: OtaVersionRow[] = [];
  for (const release of releases) {
    if (release.isActive && release.rolloutPausedAt === null && release.rolloutPercent < 100) {
      const pausedRelease = await pauseIfUnhealthy(config, tx, release.id, now);
      if (pausedRelease) paused.push(pausedRelease);
    }
  }
  return paused;
}

async function pauseIfUnhealthy(
  config: HealthDeps['config'],
  tx: DbExecutor,
  releaseId: string,
  now: Date,
): Promise<OtaVersionRow | undefined> {
  const release = await lockRelease(tx, releaseId);
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
    maxDropPoints: config.otaRolloutPausePoints,
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
}

/** Logs and announces the pauses once their transaction has committed. */
function announcePauses(deps: HealthDeps, paused: readonly OtaVersionRow[], now: Date): void {
  for (const release of paused) {
    deps.logger.warn(
      { version: release.version, reason: release.rolloutPauseReason },
      'rollout paused',
    );
    deps.events.publish('systemAlert', {
      id: randomUUID(),
      severity: 'critical',
      source: 'otaRollout',
      state: 'raised',
      worker: deps.observability.worker.id,
      message: `Rollout of ${release.version} paused: ${release.rolloutPauseReason}`,
      timestamp: now.toISOString(),
    });
  }
}

/** Runs `refreshReleaseHealthIfDue` every minute until stopped; a failure is logged and retried. */
export function startReleaseHealthWatch(deps: HealthDeps): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refreshReleaseHealthIfDue(deps)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'release health refresh failed'))
      .finally(() => {
        running = false;
      });
  }, releaseHealthIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
