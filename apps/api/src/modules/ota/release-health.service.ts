import { haltVerdict, mayClimb, nextLadderStep, rolloutState } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { AppContext } from '../../http/app-context';
import { announceRolloutMoves } from './rollout-announcements';
import { advanceRollout, haltRollout, type RolloutMove } from './rollout-moves';
import { findPreviousVersion, updateVersion } from './ota.repo';
import {
  findNewestReleases,
  lastHealthCheck,
  lockRelease,
  tryLockHealthRefresh,
} from './release-health.repo';
import { activeDevicesByVersion, sumSessionHours } from './release-figures.repo';
import {
  evaluateRelease,
  readReleaseCounters,
  sessionsSinceStep,
  windowStart,
  type EvaluatedRelease,
} from './release-vitals.service';

/** How many of the newest releases have their health refreshed. */
const releasesWatched = 10;
export type HealthDeps = Pick<AppContext, 'db' | 'events' | 'logger' | 'mailer'> & {
  observability: Pick<AppContext['observability'], 'worker'>;
};

/** The watch's deps, with how often it refreshes (RELEASE_HEALTH_INTERVAL_SECONDS). */
export type HealthWatchDeps = HealthDeps & {
  config: Pick<AppContext['config'], 'releaseHealthIntervalMs'>;
};

/**
 * Refreshes the vitals of the newest releases from the session counters, then, for each running
 * rollout, halts it when a halt rule fires (libs/domain release-halt-rules.ts) or climbs its
 * ladder a step when it has spent the step's minimum time and sessions healthy. Halts and steps
 * are audited (no actor) in the transaction and announced once it commits: live (ota_update and
 * a systemAlert for a halt) and, for a halt, by e-mail to staff who manage releases. A halted
 * release is no longer offered to devices not on it from the next update check.
 */
export async function refreshReleaseHealth(deps: HealthDeps, now = new Date()): Promise<void> {
  await announceRolloutMoves(deps, await refreshReleaseFigures(deps.db, now), now);
}

/**
 * The refresh's database work alone, in one transaction: the vitals and the rollout moves, which
 * it answers unannounced (the demo seed and the bench run it in-process, with nobody to tell).
 */
export function refreshReleaseFigures(
  db: HealthDeps['db'],
  now = new Date(),
): Promise<RolloutMove[]> {
  return db.transaction((tx) => refreshWithin(tx, now));
}

/**
 * What each worker runs every interval: the refresh, unless another worker is running it (an
 * advisory lock held by its transaction) or ran it less than an interval ago, so n workers sharing
 * a database refresh once an interval between them. Answers whether this call refreshed.
 */
export async function refreshReleaseHealthIfDue(
  deps: HealthWatchDeps,
  now = new Date(),
): Promise<boolean> {
  const intervalMs = deps.config.releaseHealthIntervalMs;
  const moves = await deps.db.transaction(async (tx) =>
    (await claimRefresh(tx, now, intervalMs)) ? refreshWithin(tx, now) : null,
  );
  if (!moves) return false;
  await announceRolloutMoves(deps, moves, now);
  return true;
}

/** A refresh this share of an interval short of it ago still counts as this one's (timers drift). */
const intervalSlack = 1 / 12;

async function claimRefresh(tx: DbExecutor, now: Date, intervalMs: number): Promise<boolean> {
  if (!(await tryLockHealthRefresh(tx))) return false;
  // A statement of its own, after the lock: it sees a refresh that committed while we waited.
  const checkedAt = await lastHealthCheck(tx);
  return !checkedAt || now.getTime() - checkedAt.getTime() >= intervalMs * (1 - intervalSlack);
}

async function refreshWithin(tx: DbExecutor, now: Date): Promise<RolloutMove[]> {
  const releases = await findNewestReleases(tx, releasesWatched);
  const activeByPlatform = new Map<string, Map<number, number>>();
  const evaluated = new Map<string, EvaluatedRelease>();
  const since = windowStart(now);
  const counters = await readReleaseCounters(tx, releases, now);
  for (const release of releases) {
    let active = activeByPlatform.get(release.platform);
    if (!active) {
      active = await activeDevicesByVersion(tx, release.platform, since);
      activeByPlatform.set(release.platform, active);
    }
    const result = evaluateRelease(release, counters.get(release.id)!, active, now);
    evaluated.set(release.id, result);
    await updateVersion(tx, release.id, {
      healthVitals: result.figures,
      healthDevices: result.figures.last24h.devices,
      healthCrashedDevices: result.figures.last24h.crashedDevices,
      healthCheckedAt: now,
    });
  }
  const moves: RolloutMove[] = [];
  for (const release of releases) {
    const result = evaluated.get(release.id);
    if (!result || !release.isActive || rolloutState(release) === 'halted') continue;
    if (release.rolloutPercent >= 100) continue;
    const move = await judgeRollout(tx, release.id, result, now);
    if (move) moves.push(move);
  }
  return moves;
}

/** Halts the rollout when a rule fires; else climbs a step when the ladder allows it. */
async function judgeRollout(
  tx: DbExecutor,
  releaseId: string,
  result: EvaluatedRelease,
  now: Date,
): Promise<RolloutMove | undefined> {
  const release = await lockRelease(tx, releaseId);
  if (!release || rolloutState(release) === 'halted' || release.rolloutPercent >= 100) {
    return undefined;
  }
  const previous = await findPreviousVersion(tx, release.platform, release.versionCode);
  // The previous release over the same hours as the new one.
  const previousSessions = previous ? await sumSessionHours(tx, previous, windowStart(now)) : null;
  const verdict = haltVerdict({
    ...result.haltInput,
    previous: previousSessions,
    previousVersion: previous?.version ?? null,
  });
  if (verdict) return haltRollout(tx, release, { ...verdict, by: null }, now);
  if (release.rolloutHeld) return undefined;
  const next = nextLadderStep(release.rolloutLadder, release.rolloutPercent);
  if (next === null) return undefined;
  const atStep = await sessionsSinceStep(tx, release);
  const climbs = mayClimb({
    stepStartedAt: release.rolloutStepAt ?? release.uploadedAt,
    sessionsAtStep: atStep.started,
    minMinutes: release.ladderMinMinutes,
    minSessions: release.ladderMinSessions,
    now,
  });
  return climbs ? advanceRollout(tx, release, { by: null, to: next }, now) : undefined;
}

/** Runs `refreshReleaseHealthIfDue` every interval until stopped; a failure is logged and retried. */
export function startReleaseHealthWatch(deps: HealthWatchDeps): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refreshReleaseHealthIfDue(deps)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'release health refresh failed'))
      .finally(() => {
        running = false;
      });
  }, deps.config.releaseHealthIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
