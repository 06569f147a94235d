import type { HaltRule } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { NewOtaVersionRow, OtaVersionRow } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { updateVersion } from './ota.repo';

/** A rollout move made in a transaction, announced once it commits (rollout-announcements.ts). */
export interface RolloutMove {
  kind: 'halted' | 'changed';
  release: OtaVersionRow;
  message: string;
}

/** Who moved a rollout, in which request; null for the release-health watch. */
export type RolloutMover = { id: string; requestId?: string } | null;

async function move(
  tx: DbExecutor,
  release: OtaVersionRow,
  change: Partial<Omit<NewOtaVersionRow, 'id'>>,
  audit: { by: RolloutMover; action: string; reason?: string },
): Promise<OtaVersionRow> {
  const updated = await updateVersion(tx, release.id, change);
  await recordAudit(tx, {
    actorId: audit.by?.id ?? null,
    requestId: audit.by?.requestId,
    action: audit.action,
    entityType: 'ota_version',
    entityId: release.id,
    before: ladderFields(release),
    after: { ...ladderFields(updated), ...(audit.reason ? { reason: audit.reason } : {}) },
  });
  return updated;
}

function ladderFields(row: OtaVersionRow) {
  return {
    version: row.version,
    rolloutPercent: row.rolloutPercent,
    rolloutHeld: row.rolloutHeld,
    rolloutPaused: row.rolloutPausedAt !== null,
    haltRule: row.haltRule,
  };
}

/**
 * Halts a rollout: devices not yet on the release are no longer offered it (the update check
 * reads rollout_paused_at), with the rule and its numbers as the reason.
 */
export async function haltRollout(
  tx: DbExecutor,
  release: OtaVersionRow,
  halt: { rule: HaltRule | 'manual'; reason: string; by: RolloutMover },
  now: Date,
): Promise<RolloutMove> {
  const updated = await move(
    tx,
    release,
    { rolloutPausedAt: now, rolloutPauseReason: halt.reason, haltRule: halt.rule },
    {
      by: halt.by,
      action: halt.by ? 'ota.rollout_halted' : 'ota.rollout_halted_by_health',
      reason: halt.reason,
    },
  );
  return {
    kind: 'halted',
    release: updated,
    message: `Rollout of ${release.version} halted at ${release.rolloutPercent}%: ${halt.reason}`,
  };
}

/** Moves a rollout to the step `to` (percent), starting the step's clock. */
export async function advanceRollout(
  tx: DbExecutor,
  release: OtaVersionRow,
  step: { by: RolloutMover; to: number },
  now: Date,
): Promise<RolloutMove> {
  const updated = await move(
    tx,
    release,
    { rolloutPercent: step.to, rolloutStepAt: now },
    {
      by: step.by,
      action: step.by ? 'ota.rollout_advanced' : 'ota.rollout_advanced_by_health',
    },
  );
  const by = step.by ? 'by hand' : 'healthy at its step';
  return {
    kind: 'changed',
    release: updated,
    message: `Rollout of ${release.version} advanced to ${step.to}% (${by})`,
  };
}

/** Holds a rollout at its step, or lets it climb again. */
export async function holdRollout(
  tx: DbExecutor,
  release: OtaVersionRow,
  hold: { by: NonNullable<RolloutMover>; held: boolean },
): Promise<RolloutMove> {
  const updated = await move(
    tx,
    release,
    { rolloutHeld: hold.held },
    { by: hold.by, action: hold.held ? 'ota.rollout_held' : 'ota.rollout_released' },
  );
  const message = hold.held
    ? `Rollout of ${release.version} held at ${release.rolloutPercent}%`
    : `Rollout of ${release.version} climbs its ladder again from ${release.rolloutPercent}%`;
  return { kind: 'changed', release: updated, message };
}

/** Lifts a halt: the release is offered again at its step, whose clock starts again. */
export async function resumeRollout(
  tx: DbExecutor,
  release: OtaVersionRow,
  by: NonNullable<RolloutMover>,
  now: Date,
): Promise<RolloutMove> {
  const updated = await move(
    tx,
    release,
    { rolloutPausedAt: null, rolloutPauseReason: null, haltRule: null, rolloutStepAt: now },
    { by, action: 'ota.rollout_resumed' },
  );
  return {
    kind: 'changed',
    release: updated,
    message: `Rollout of ${release.version} resumed at ${release.rolloutPercent}%`,
  };
}
