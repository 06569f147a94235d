import { dayMs, hourMs, minuteMs, toDate, type DateInput } from './dates';
import { countWithUnit } from './plural';

/** The parts of a licence that decide how it is shown. */
export interface LicenceStateInput {
  validUntil?: DateInput;
  bound?: boolean | null;
  deviceId?: string | null;
  lastDeviceActivity?: DateInput;
}

export type LicenceDisplayStatus = 'Expired' | 'Bound' | 'Available';

/** A licence is expired once its validity date is in the past (no date means no expiry). */
export function isLicenceExpired(validUntil: DateInput, now: Date): boolean {
  const expiry = toDate(validUntil);
  return expiry !== null && expiry.getTime() < now.getTime();
}

/** Expired (takes precedence), otherwise Bound if bound, otherwise Available. */
export function licenceDisplayStatus(licence: LicenceStateInput, now: Date): LicenceDisplayStatus {
  if (isLicenceExpired(licence.validUntil, now)) return 'Expired';
  return licence.bound ? 'Bound' : 'Available';
}

/** Colour tokens for remaining time; 'rose' is the spec's "red-ish". */
export type RemainingTimeColour = 'red' | 'rose' | 'orange' | 'green';

export interface RemainingTime {
  text: string;
  colour: RemainingTimeColour;
}

/**
 * The remaining-time text and colour of a licence (spec 1 section 4), or null when it has no
 * expiry. Whole days are counted down, so '7 days left' is what the red threshold compares.
 */
export function licenceRemainingTime(validUntil: DateInput, now: Date): RemainingTime | null {
  const expiry = toDate(validUntil);
  if (!expiry) return null;
  const remaining = expiry.getTime() - now.getTime();
  if (remaining < 0) {
    return {
      text: `Expired ${countWithUnit(Math.floor(-remaining / dayMs), 'day')} ago`,
      colour: 'red',
    };
  }
  if (remaining < dayMs) {
    const hours = Math.floor(remaining / hourMs);
    const minutes = Math.floor((remaining % hourMs) / minuteMs);
    const text =
      hours > 0 ? `${hours}h ${minutes}m left` : minutes > 0 ? `${minutes}m left` : 'Expires soon';
    const colour = remaining <= hourMs ? 'red' : remaining <= 6 * hourMs ? 'rose' : 'orange';
    return { text, colour };
  }
  const days = Math.floor(remaining / dayMs);
  const colour = days <= 7 ? 'red' : days <= 30 ? 'orange' : 'green';
  return { text: `${countWithUnit(days, 'day')} left`, colour };
}

/** The device has reported within this window: "Active Now". */
export const deviceActiveWindowMs = 5 * minuteMs;
/** Inactive for less than this counts as recently inactive. */
export const deviceRecentlyInactiveWindowMs = 24 * hourMs;

/** The device-activity line of a licence (spec 1 section 4). */
export function deviceActivityText(licence: LicenceStateInput, now: Date): string {
  if (!licence.bound || !licence.deviceId) return 'Unbound';
  const lastActivity = toDate(licence.lastDeviceActivity);
  if (!lastActivity) return 'Never Active';
  const idle = now.getTime() - lastActivity.getTime();
  if (idle < deviceActiveWindowMs) return 'Active Now';
  if (idle < hourMs) return `Last active ${Math.floor(idle / minuteMs)} min ago`;
  if (idle < deviceRecentlyInactiveWindowMs) {
    return `${countWithUnit(Math.floor(idle / hourMs), 'hour')} ago`;
  }
  return `${countWithUnit(Math.floor(idle / dayMs), 'day')} ago`;
}

export type LicenceActivityBucket =
  'activeNow' | 'inactiveRecent' | 'inactiveLongTerm' | 'nonActivated' | 'expired';

/**
 * Where a licence counts on the dashboard's activity tiles. Expired wins; a valid unbound licence
 * is non-activated; a bound one is placed by its last activity, and a bound device that never
 * reported counts as long-term inactive.
 */
export function licenceActivityBucket(
  licence: LicenceStateInput,
  now: Date,
): LicenceActivityBucket {
  if (isLicenceExpired(licence.validUntil, now)) return 'expired';
  if (!licence.bound) return 'nonActivated';
  const lastActivity = toDate(licence.lastDeviceActivity);
  if (!lastActivity) return 'inactiveLongTerm';
  const idle = now.getTime() - lastActivity.getTime();
  if (idle < deviceActiveWindowMs) return 'activeNow';
  if (idle < deviceRecentlyInactiveWindowMs) return 'inactiveRecent';
  return 'inactiveLongTerm';
}

export type LicenceActivitySummary = Record<LicenceActivityBucket, number> & {
  total: number;
  bound: number;
  unbound: number;
};

/** The licence figures of the dashboard, as one aggregate over every licence gives them. */
export interface LicenceActivityFigures {
  summary: LicenceActivitySummary;
  /** Licences that existed 30 days ago. */
  previousTotal: number;
  /** The most recent report from any device, or null when none ever reported. */
  lastUpdated: Date | null;
}

/** The dashboard's licence activity summary: one count per bucket plus totals. */
export function summariseLicenceActivity(
  licences: readonly LicenceStateInput[],
  now: Date,
): LicenceActivitySummary {
  const summary: LicenceActivitySummary = {
    activeNow: 0,
    inactiveRecent: 0,
    inactiveLongTerm: 0,
    nonActivated: 0,
    expired: 0,
    total: licences.length,
    bound: 0,
    unbound: 0,
  };
  for (const licence of licences) {
    summary[licenceActivityBucket(licence, now)] += 1;
    if (licence.bound) summary.bound += 1;
    else summary.unbound += 1;
  }
  return summary;
}
