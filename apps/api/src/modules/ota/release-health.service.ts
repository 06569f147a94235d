import { randomUUID } from 'node:crypto';
import { crashFreeRate, shouldPauseRollout } from '@patrol/domain';
import { and, desc, eq, gt, max, ne, sql } from 'drizzle-orm';
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
 * how many of those sent a crash (not a debug report) from it within the window: counted from the
 * release's reports in the window (index on version, time), each joined to its device's row, so
 * the cost follows the release's recent crashes, not its fleet. (Asking each device whether it
 * crashed read the release's reports once per device: 41 s a minute at provider scale.)
 */
async function releaseFleet(db: DbExecutor, release: OtaVersionRow, since: Date) {
  const onRelease = and(
    eq(deviceAppVersions.platform, release.platform),
    eq(deviceAppVersions.versionCode, release.versionCode),
    gt(deviceAppVersions.reportedAt, since),
  );
  const [fleet] = await db
    .select({ devices: sql<number>`count(*)`.mapWith(Number) })
    .from(deviceAppVersions)
    .where(onRelease);
  const [crashes] = await db
    .select({
      crashed: sql<number>`count(distinct ${crashReports.deviceId})`.mapWith(Number),
    })
    .from(crashReports)
    .innerJoin(deviceAppVersions, eq(deviceAppVersions.deviceId, crashReports.deviceId))
    .where(
      and(
        eq(crashReports.appVersion, release.version),
        gt(crashReports.createdAt, since),
        ne(crashReports.reportType, 'debug'),
        onRelease,
      ),
    );
  return { devices: fleet?.devices ?? 0, crashed: crashes?.crashed ?? 0 };
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

/** An arbitrary constant naming the refresh among the database's advisory locks. */
const refreshLockKey = 7_310_014;
/** A refresh this much short of the interval ago still counts as this minute's (timers drift). */
const intervalSlackMs = 5_000;

async function claimRefresh(tx: DbExecutor, now: Date): Promise<boolean> {
  const locked = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${refreshLockKey}) as locked`,
  );
  if (!locked.rows[0]?.locked) return false;
  // A statement of its own, after the lock: it sees a refresh that committed while we waited.
  const [last] = await tx.select({ checkedAt: max(otaVersions.healthCheckedAt) }).from(otaVersions);
  const checkedAt = last?.checkedAt;
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
  const releases = await tx
    .select()
    .from(otaVersions)
    .orderBy(desc(otaVersions.versionCode))
    .limit(releasesWatched);
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
