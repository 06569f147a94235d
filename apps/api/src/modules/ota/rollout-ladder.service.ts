import {
  ladderMessages,
  otaMessages,
  type OtaVersionResponse,
  type RolloutActionBody,
  type RolloutLadderBody,
} from '@patrol/contracts';
import { nextLadderStep, rolloutState } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { OtaVersionRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { conflict, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordAudit } from '../audit/audit.service';
import { presentVersion } from './ota.presenter';
import { findVersion, updateVersion } from './ota.repo';
import { announceRolloutMoves } from './rollout-announcements';
import {
  advanceRollout,
  haltRollout,
  holdRollout,
  resumeRollout,
  type RolloutMove,
} from './rollout-moves';

type LadderDeps = Pick<AppContext, 'db' | 'events' | 'logger' | 'mailer'> & {
  observability: Pick<AppContext['observability'], 'worker'>;
};

export const rolloutActionMessages = {
  alreadyHalted: 'The rollout is already halted',
  notHalted: 'The rollout is not halted',
} as const;

async function lockVersion(tx: DbExecutor, id: string): Promise<OtaVersionRow> {
  const row = await findVersion(tx, id, { forUpdate: true });
  if (!row) throw notFound(otaMessages.versionNotFound);
  return row;
}

async function run(
  deps: LadderDeps,
  id: string,
  make: (tx: DbExecutor, release: OtaVersionRow, now: Date) => Promise<RolloutMove>,
): Promise<OtaVersionResponse> {
  const now = new Date();
  const done = await deps.db.transaction(async (tx) => make(tx, await lockVersion(tx, id), now));
  await announceRolloutMoves(deps, [done], now);
  return { success: true, message: done.message, version: presentVersion(done.release) };
}

/**
 * POST /api/ota/versions/{id}/rollout-action: staff hold a rollout at its step (it stays offered
 * there), release the hold, advance it a step now, halt it (no longer offered to devices not on
 * it) or resume it. Each move is audited with its actor and announced live; 409 for a move the
 * rollout's state does not allow.
 */
export function changeRolloutByHand(
  deps: LadderDeps,
  actor: AuthUser,
  id: string,
  body: RolloutActionBody,
): Promise<OtaVersionResponse> {
  return run(deps, id, async (tx, release, now) => {
    const state = rolloutState(release);
    switch (body.action) {
      case 'hold':
      case 'release':
        return holdRollout(tx, release, { by: actor, held: body.action === 'hold' });
      case 'advance': {
        if (!release.isActive) throw conflict(ladderMessages.notActive);
        if (state === 'halted') throw conflict(ladderMessages.halted);
        const next = nextLadderStep(release.rolloutLadder, release.rolloutPercent);
        if (next === null) throw conflict(ladderMessages.atTop);
        return advanceRollout(tx, release, { by: actor, to: next }, now);
      }
      case 'halt':
        if (state === 'halted') throw conflict(rolloutActionMessages.alreadyHalted);
        return haltRollout(
          tx,
          release,
          { rule: 'manual', reason: body.reason || 'Halted by hand', by: actor },
          now,
        );
      case 'resume':
        if (state !== 'halted') throw conflict(rolloutActionMessages.notHalted);
        return resumeRollout(tx, release, actor, now);
    }
  });
}

/**
 * PUT /api/ota/versions/{id}/ladder: the release's steps and each step's minimum time and
 * sessions. Audited and announced; the rollout stays at its share until the next step is due.
 */
export function setRolloutLadder(
  deps: LadderDeps,
  actor: AuthUser,
  id: string,
  body: RolloutLadderBody,
): Promise<OtaVersionResponse> {
  return run(deps, id, async (tx, release) => {
    const updated = await updateVersion(tx, release.id, {
      rolloutLadder: body.steps,
      ladderMinMinutes: body.minMinutes,
      ladderMinSessions: body.minSessions,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'ota.rollout_ladder_changed',
      entityType: 'ota_version',
      entityId: release.id,
      before: {
        steps: release.rolloutLadder,
        minMinutes: release.ladderMinMinutes,
        minSessions: release.ladderMinSessions,
      },
      after: { steps: body.steps, minMinutes: body.minMinutes, minSessions: body.minSessions },
    });
    return {
      kind: 'changed',
      release: updated,
      message: `Rollout ladder of ${release.version}: ${body.steps.join(', ')}%`,
    };
  });
}
