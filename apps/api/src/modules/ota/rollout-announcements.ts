import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../http/app-context';
import { activeStaffEmailsWith } from '../accounts/accounts.service';
import type { RolloutMove } from './rollout-moves';

type AnnounceDeps = Pick<AppContext, 'db' | 'events' | 'logger' | 'mailer'> & {
  observability: Pick<AppContext['observability'], 'worker'>;
};

/**
 * Announces rollout moves once their transaction has committed: every move as ota_update (the
 * OTA screens reload and say what happened); a halt also as a critical systemAlert and by e-mail
 * to the active staff who roll out releases (ota.activate). A mail that fails is logged: the halt
 * itself stands.
 */
export async function announceRolloutMoves(
  deps: AnnounceDeps,
  moves: readonly { kind: RolloutMove['kind']; release: RolloutMove['release']; message: string }[],
  now: Date,
): Promise<void> {
  const halts = moves.filter((move) => move.kind === 'halted');
  for (const move of moves) {
    deps.events.publish('ota_update', {
      type: move.kind === 'halted' ? 'rollout_halted' : 'rollout_changed',
      version: move.release.version,
      timestamp: now.toISOString(),
      message: move.message,
    });
  }
  for (const halt of halts) {
    deps.logger.warn({ version: halt.release.version, reason: halt.message }, 'rollout halted');
    deps.events.publish('systemAlert', {
      id: randomUUID(),
      severity: 'critical',
      source: 'otaRollout',
      state: 'raised',
      worker: deps.observability.worker.id,
      message: halt.message,
      timestamp: now.toISOString(),
    });
  }
  if (halts.length === 0) return;
  try {
    const recipients = await activeStaffEmailsWith(deps.db, 'ota.activate');
    for (const halt of halts) {
      for (const to of recipients) {
        await deps.mailer.send({
          to,
          subject: `Rollout of ${halt.release.version} halted`,
          text: `${halt.message}\n\nDevices not yet on ${halt.release.version} are no longer offered it. Open the OTA screen to resume the rollout, or roll forward to the previous good build.`,
        });
      }
    }
  } catch (error) {
    deps.logger.error({ err: error }, 'rollout halt mail not sent');
  }
}
