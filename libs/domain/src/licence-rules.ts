import { ownValue } from './own-value';
import { dayMs, toDate, type DateInput } from './dates';

export type LicenceTypeName = 'Trial' | 'Standard' | 'Premium';

/** Validity a new licence gets when its type is chosen (spec 1 section 5). */
export const defaultValidityDaysByType: Record<LicenceTypeName, number> = {
  Trial: 14,
  Standard: 30,
  Premium: 365,
};

/** The default validity in days for a licence type; an unknown type is treated as Standard. */
export function defaultValidityDays(licenceType: string | null | undefined): number {
  return (
    ownValue(defaultValidityDaysByType, licenceType ?? '') ?? defaultValidityDaysByType.Standard
  );
}

/** A licence may be extended until it has been expired for more than this many days. */
export const extensionGraceDays = 30;

/** Extension is offered unless the licence expired more than 30 days ago; no expiry qualifies. */
export function canExtendLicence(validUntil: DateInput, now: Date): boolean {
  const expiry = toDate(validUntil);
  if (!expiry) return true;
  return now.getTime() - expiry.getTime() <= extensionGraceDays * dayMs;
}

/** The expiry after extending: the later of the current expiry and now, plus the days. */
export function extendedExpiry(validUntil: DateInput, extensionDays: number, now: Date): Date {
  const expiry = toDate(validUntil);
  const base = expiry && expiry.getTime() > now.getTime() ? expiry : now;
  return new Date(base.getTime() + extensionDays * dayMs);
}

export const projectNameMaxLength = 25;
// At least one letter or digit: a name of spaces only would bind to an invisible project.
const projectNamePattern = /^(?=.*[A-Za-z0-9])[A-Za-z0-9 ]+$/;

/** Project names hold only letters, digits and spaces, 1 to 25 characters. */
export function isValidProjectName(projectName: string): boolean {
  return projectNamePattern.test(projectName) && projectName.length <= projectNameMaxLength;
}

const deviceIdPattern = /^MPDID-[A-Z0-9]{12}-(.+)$/;

/** The device ID reads MPDID-{12 uppercase letters or digits}-{the project name}. */
export function isValidDeviceId(deviceId: string, projectName: string): boolean {
  const match = deviceIdPattern.exec(deviceId);
  return match !== null && match[1] === projectName && isValidProjectName(projectName);
}

/**
 * How often the patrol app may move a licence to a new device by itself: a stolen key cannot be
 * passed from phone to phone. Staff binding and unbinding are not counted.
 */
export const deviceTransferBudget = { transfers: 3, windowDays: 30 } as const;

/** A licence's count of device transfers in its current window. */
export interface TransferWindow {
  transferWindowStart: Date | null;
  transfersInWindow: number;
}

function windowOpen(state: TransferWindow, now: Date): boolean {
  if (!state.transferWindowStart) return false;
  const windowMs = deviceTransferBudget.windowDays * 24 * 60 * 60 * 1000;
  return now.getTime() - state.transferWindowStart.getTime() < windowMs;
}

/** How many more transfers the licence may make now. */
export function transfersLeft(state: TransferWindow, now: Date): number {
  const used = windowOpen(state, now) ? state.transfersInWindow : 0;
  return Math.max(0, deviceTransferBudget.transfers - used);
}

/** The window after one more transfer now (a closed window starts again from now). */
export function afterTransfer(state: TransferWindow, now: Date): TransferWindow {
  return windowOpen(state, now)
    ? {
        transferWindowStart: state.transferWindowStart,
        transfersInWindow: state.transfersInWindow + 1,
      }
    : { transferWindowStart: now, transfersInWindow: 1 };
}
