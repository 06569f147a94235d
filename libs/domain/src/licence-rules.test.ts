import { describe, expect, it } from 'vitest';
import {
  afterTransfer,
  canExtendLicence,
  defaultValidityDays,
  extendedExpiry,
  isValidDeviceId,
  isValidProjectName,
  transfersLeft,
  type TransferWindow,
} from './licence-rules';

const now = new Date('2026-03-10T12:00:00Z');
const day = 86_400_000;
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe('defaultValidityDays', () => {
  it.each<[string | null | undefined, number]>([
    ['Trial', 14],
    ['Standard', 30],
    ['Premium', 365],
    ['Enterprise', 30],
    ['toString', 30],
    [null, 30],
  ])('gives %s %i days', (type, days) => {
    expect(defaultValidityDays(type)).toBe(days);
  });
});

describe('canExtendLicence', () => {
  it.each<[string, Date | null, boolean]>([
    ['no expiry', null, true],
    ['valid for a year', at(365 * day), true],
    ['expired a day ago', at(-day), true],
    ['expired exactly 30 days ago', at(-30 * day), true],
    ['expired 30 days and 1 ms ago', at(-30 * day - 1), false],
    ['expired 90 days ago', at(-90 * day), false],
  ])('%s: %s', (_name, validUntil, expected) => {
    expect(canExtendLicence(validUntil, now)).toBe(expected);
  });
});

describe('extendedExpiry', () => {
  it.each<[string, Date | string | null, number, Date]>([
    ['adds to a future expiry', at(10 * day), 30, at(40 * day)],
    ['adds to now when already expired', at(-5 * day), 30, at(30 * day)],
    ['adds to now without an expiry', null, 14, at(14 * day)],
    ['adds to now when it expires this instant', now, 7, at(7 * day)],
    ['reads an ISO expiry', at(day).toISOString(), 1, at(2 * day)],
  ])('%s', (_name, validUntil, days, expected) => {
    expect(extendedExpiry(validUntil, days, now)).toEqual(expected);
  });
});

describe('isValidProjectName', () => {
  it.each<[string, boolean]>([
    ['Site A', true],
    ['Tower 2', true],
    ['A'.repeat(25), true],
    ['A'.repeat(26), false],
    ['Site-A', false],
    ['Site_A', false],
    ['Café', false],
    ['', false],
    ['   ', false],
  ])('%j is %s', (name, expected) => {
    expect(isValidProjectName(name)).toBe(expected);
  });
});

describe('isValidDeviceId', () => {
  it.each<[string, string, boolean]>([
    ['MPDID-ABCDEF123456-Site A', 'Site A', true],
    ['MPDID-000000000000-HQ', 'HQ', true],
    ['MPDID-ABCDEF123456-Site B', 'Site A', false],
    ['MPDID-abcdef123456-Site A', 'Site A', false],
    ['MPDID-ABCDEF12345-Site A', 'Site A', false],
    ['MPDID-ABCDEF1234567-Site A', 'Site A', false],
    ['mpdid-ABCDEF123456-Site A', 'Site A', false],
    ['MPDID-ABCDEF123456-', '', false],
    ['MPDID-ABCDEF123456-Site-A', 'Site-A', false],
  ])('%j for project %j is %s', (deviceId, projectName, expected) => {
    expect(isValidDeviceId(deviceId, projectName)).toBe(expected);
  });
});

describe('device transfer budget', () => {
  const now = new Date('2026-11-24T00:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

  it('allows 3 transfers in a 30-day window, then none until the window closes', () => {
    let state: TransferWindow = { transferWindowStart: null, transfersInWindow: 0 };
    expect(transfersLeft(state, now)).toBe(3);
    for (const left of [2, 1, 0]) {
      state = afterTransfer(state, now);
      expect(transfersLeft(state, now)).toBe(left);
    }
    expect(transfersLeft({ transferWindowStart: daysAgo(29), transfersInWindow: 3 }, now)).toBe(0);
    expect(transfersLeft({ transferWindowStart: daysAgo(30), transfersInWindow: 3 }, now)).toBe(3);
  });

  it('starts a new window from the first transfer after the old one closed', () => {
    expect(afterTransfer({ transferWindowStart: daysAgo(40), transfersInWindow: 3 }, now)).toEqual({
      transferWindowStart: now,
      transfersInWindow: 1,
    });
  });
});
