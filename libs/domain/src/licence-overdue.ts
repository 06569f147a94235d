import type { LicenceRenewalSettings } from '@patrol/contracts';
import { addDays, type IsoDay } from './calendar-days';
import { dayMs } from './dates';

/** What an overdue invoice does to the keys it covers: nothing yet, restricted, or suspended. */
export type OverdueKeyState = 'restricted' | 'suspended' | null;

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
}

/**
 * The state of keys covered by an unpaid invoice due on `dueDay`, on business day `today`:
 * restricted from the first grace after the due day, suspended from the second.
 */
export function overdueKeyState(
  dueDay: IsoDay | null,
  today: IsoDay,
  graces: Pick<LicenceRenewalSettings, 'graceToRestrictedDays' | 'graceToSuspendedDays'>,
): OverdueKeyState {
  if (!dueDay) return null;
  const overdueDays = daysBetween(dueDay, today);
  if (overdueDays >= graces.graceToSuspendedDays) return 'suspended';
  if (overdueDays >= graces.graceToRestrictedDays) return 'restricted';
  return null;
}

/** The first day of each state for an invoice due on `dueDay` (restricted, suspended). */
export function overdueStateDays(
  dueDay: IsoDay,
  graces: Pick<LicenceRenewalSettings, 'graceToRestrictedDays' | 'graceToSuspendedDays'>,
): { restrictedFrom: IsoDay; suspendedFrom: IsoDay } {
  return {
    restrictedFrom: addDays(dueDay, graces.graceToRestrictedDays),
    suspendedFrom: addDays(dueDay, graces.graceToSuspendedDays),
  };
}

/** A reminder step missed by more than this many days (the server was down) is not sent late. */
export const reminderCatchUpDays = 3;

/**
 * The ladder step to send today for an invoice due on `dueDay`, or null: the latest step reached
 * (today is on or after due + step) within the catch-up window, not sent yet, and later than every
 * step already sent (a late run never sends an older step after a newer one).
 */
export function reminderStepDue(
  dueDay: IsoDay,
  today: IsoDay,
  ladderDays: readonly number[],
  sentSteps: readonly number[],
): number | null {
  const offset = daysBetween(dueDay, today);
  const reached = ladderDays
    .filter((step) => step <= offset && offset - step < reminderCatchUpDays)
    .sort((a, b) => b - a);
  const latest = reached[0];
  if (latest === undefined || sentSteps.includes(latest)) return null;
  if (sentSteps.some((sent) => sent > latest)) return null;
  return latest;
}

/** How a reminder names its step: '3 days before the due date', 'on the due date', ... */
export function reminderStepLabel(stepDays: number): string {
  if (stepDays === 0) return 'on the due date';
  const days = Math.abs(stepDays);
  const unit = days === 1 ? 'day' : 'days';
  return stepDays < 0
    ? `${days} ${unit} before the due date`
    : `${days} ${unit} after the due date`;
}
