import type { RenewalRunResponse } from '@patrol/contracts';
import { businessDay } from '@patrol/domain';
import { hostname } from 'node:os';
import type { AppContext } from '../../http/app-context';
import type { AuthUser } from '../../http/authenticate';
import { scheduledJobActor } from '../accounts/system-actor.service';
import { sendDueReminders } from './invoice-reminders.service';
import { readRenewalSettings } from './overdue-standing.service';
import { recordOverdueTransitions } from './overdue-transitions.service';
import { draftRenewals } from './renewal-drafts.service';
import { presentRun } from './renewals.presenter';
import { claimRun, finishRun, findRun } from './renewals.repo';

export type RunDeps = Pick<AppContext, 'db' | 'events' | 'uploads' | 'mailer' | 'logger'>;

/** A claim unfinished for this long belongs to a process that stopped: another takes it over. */
export const staleRunClaimMs = 30 * 60_000;
/** How often each process asks whether today's run is still to do. */
export const renewalRunCheckMs = 5 * 60_000;

/**
 * The day's renewal run, once per business day across every process: the first to insert the
 * day's row runs it (a restart finds the row and does not repeat it; a run cut off is taken over
 * after staleRunClaimMs, and each step is safe to repeat). It sends the reminders due, records
 * overdue transitions and drafts the renewals. `actor` is who drafts (the staff member who asked,
 * else the first superadmin).
 */
export async function runDailyRenewals(
  ctx: RunDeps,
  options: { now?: Date; actor?: AuthUser; claimedBy?: string } = {},
): Promise<RenewalRunResponse> {
  const now = options.now ?? new Date();
  const runDate = businessDay(now);
  const claimedBy = options.claimedBy ?? `${hostname()}:${process.pid}`;
  const claimed = await claimRun(ctx.db, runDate, claimedBy, staleRunClaimMs);
  if (!claimed) {
    const existing = await findRun(ctx.db, runDate);
    return { success: true, run: presentRun(existing!, false) };
  }
  const outcome = { quotationsDrafted: 0, invoicesDrafted: 0, remindersSent: 0, transitions: 0 };
  try {
    const settings = await readRenewalSettings(ctx.db);
    outcome.remindersSent = await sendDueReminders(ctx, now);
    outcome.transitions = await recordOverdueTransitions(ctx, now);
    const actor = options.actor ?? (await scheduledJobActor(ctx.db));
    if (actor) {
      const drafted = await draftRenewals(ctx, actor, settings, runDate, now);
      outcome.quotationsDrafted = drafted.quotations;
      outcome.invoicesDrafted = drafted.invoices;
    }
  } catch (error) {
    await finishRun(ctx.db, runDate, { ...outcome, error: String(error) });
    throw error;
  }
  const row = await finishRun(ctx.db, runDate, { ...outcome, error: null });
  ctx.logger.info({ run: outcome, runDate }, 'daily renewal run finished');
  return { success: true, run: presentRun(row, true) };
}

/**
 * Starts the daily run's clock in this process: a check now and every few minutes; whichever
 * process claims the day runs it. Answers a stop function.
 */
export function startRenewalRuns(ctx: RunDeps): () => void {
  let running: Promise<unknown> | null = null;
  const check = () => {
    running ??= runDailyRenewals(ctx)
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'daily renewal run failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(check, renewalRunCheckMs);
  timer.unref();
  check();
  return () => clearInterval(timer);
}
