import { licenceFilePayloadSchema, type LicenceFilePayload } from '@patrol/contracts';
import { minuteMs } from './dates';

/**
 * What a device makes of its signed licence file:
 * - valid: signed, for this device, active and recently issued (within licenceFileFreshMs);
 * - grace: as valid, but older: the device has not reached the server since, and may keep
 *   working until issuedAt + graceSeconds;
 * - expired: past the grace, past the licence's validUntil, or a status other than active;
 * - tampered: unreadable, signed by no published key, a bad signature or another device's file;
 * - clock-back: the device's clock reads earlier than the file's issuedAt or than the latest time
 *   the device has already seen, so its clock was set back (a way to stretch the grace).
 */
export type LicenceFileState = 'valid' | 'grace' | 'expired' | 'tampered' | 'clock-back';

export interface LicenceFileVerdict {
  state: LicenceFileState;
  /** Why, in words a log line can show. */
  reason: string;
  /** The readable payload, when there is one. */
  payload?: LicenceFilePayload;
  /** When the device stops working offline (issuedAt + grace, or validUntil if earlier). */
  worksUntil?: Date;
}

export interface LicenceFileCheck {
  /** The payload JSON as decoded from the file, not yet trusted. */
  payload: unknown;
  /** Whether the signature verified with the published key named by the payload's kid. */
  signatureValid: boolean;
  /** The device that holds the file. */
  deviceId: string;
  now: Date;
  /** The latest time the device has seen (its own clock or a server's), if it keeps one. */
  lastSeenAt?: Date | null;
}

/** A file this young shows as valid; older, the device is working on its grace. */
export const licenceFileFreshMs = 15 * minuteMs;
/** Clock difference tolerated between the server and the device before calling it clock-back. */
export const licenceClockSkewMs = 5 * minuteMs;

/** Decides the state of a licence file on the device (see LicenceFileState). */
export function licenceFileVerdict(check: LicenceFileCheck): LicenceFileVerdict {
  const parsed = licenceFilePayloadSchema.safeParse(check.payload);
  if (!parsed.success) return { state: 'tampered', reason: 'the payload is not a licence file' };
  const payload = parsed.data;
  if (!check.signatureValid) {
    return { state: 'tampered', reason: 'the signature does not verify', payload };
  }
  if (payload.deviceId !== check.deviceId) {
    return { state: 'tampered', reason: `the file is for device ${payload.deviceId}`, payload };
  }
  const now = check.now.getTime();
  const issuedAt = Date.parse(payload.issuedAt);
  if (now < issuedAt - licenceClockSkewMs) {
    return {
      state: 'clock-back',
      reason: 'the clock reads earlier than the file was issued',
      payload,
    };
  }
  if (check.lastSeenAt && now < check.lastSeenAt.getTime() - licenceClockSkewMs) {
    return { state: 'clock-back', reason: 'the clock reads earlier than it already has', payload };
  }
  const validUntil = payload.validUntil === null ? Infinity : Date.parse(payload.validUntil);
  const worksUntil = new Date(Math.min(issuedAt + payload.graceSeconds * 1000, validUntil));
  if (payload.status !== 'active') {
    return { state: 'expired', reason: `the licence is ${payload.status}`, payload };
  }
  if (now > validUntil) return { state: 'expired', reason: 'the licence has expired', payload };
  if (now > worksUntil.getTime()) {
    return { state: 'expired', reason: 'the offline grace period is over', payload, worksUntil };
  }
  if (now - issuedAt <= licenceFileFreshMs) {
    return { state: 'valid', reason: 'confirmed by the server', payload, worksUntil };
  }
  return { state: 'grace', reason: 'working offline on the grace period', payload, worksUntil };
}
