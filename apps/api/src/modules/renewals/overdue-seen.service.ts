import type { AppContext, OverdueStanding } from '../../http/app-context';
import { unpaidAmong } from '../invoices/invoice-dues.service';
import { overdueStatusOn } from './overdue-standing.service';
import { recordTransitionsSeen } from './overdue-transitions.service';

type SeenDeps = Pick<AppContext, 'db' | 'events' | 'logger'>;

/**
 * Records the overdue transitions a device's call is the first to see, so the audit trail, the
 * activity feed and licence_overdue_states follow what devices are told, not the daily run:
 * - the key's state now (restricted, suspended) when the session knows another one recorded;
 * - a restoration: one of the client's invoices recorded as overdue that is settled now.
 * Costs nothing on a call that sees no change (a comparison with the session's standing). The
 * database decides what is recorded, once, however many calls and processes race. A failure is
 * logged: the device's answer never waits on it, and the daily run records what is left.
 */
export async function recordOverdueSeen(
  ctx: SeenDeps,
  standing: OverdueStanding | null | undefined,
  openElsewhere: readonly string[],
  now: Date,
): Promise<void> {
  const status = overdueStatusOn(standing, now);
  const changed = standing && status && status !== standing.recorded ? [standing.invoiceId] : [];
  if (changed.length === 0 && openElsewhere.length === 0) return;
  const was = standing?.recorded ?? null;
  // Noted first, so the device's other calls meanwhile leave it to this one.
  if (standing && status) standing.recorded = status;
  try {
    const owed = openElsewhere.length > 0 ? await unpaidAmong(ctx.db, openElsewhere) : new Set();
    const settled = openElsewhere.filter((invoiceId) => !owed.has(invoiceId));
    if (changed.length + settled.length > 0) {
      await recordTransitionsSeen(ctx, [...changed, ...settled], now);
    }
  } catch (error) {
    if (standing) standing.recorded = was;
    ctx.logger.warn({ err: error }, 'overdue transition seen by a device not recorded');
  }
}
