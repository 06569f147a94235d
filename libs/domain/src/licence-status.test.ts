import { describe, expect, it } from 'vitest';
import {
  deviceActivityText,
  isLicenceExpired,
  licenceActivityBucket,
  licenceDisplayStatus,
  licenceRemainingTime,
  summariseLicenceActivity,
  type LicenceStateInput,
} from './licence-status';

const now = new Date('2026-03-10T12:00:00Z');
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe('licenceDisplayStatus', () => {
  it.each<[string, LicenceStateInput, string]>([
    ['an unbound licence without expiry', { bound: false }, 'Available'],
    ['an unbound licence valid tomorrow', { bound: false, validUntil: at(day) }, 'Available'],
    ['a bound valid licence', { bound: true, validUntil: at(day) }, 'Bound'],
    ['a bound licence without expiry', { bound: true, validUntil: null }, 'Bound'],
    ['a bound licence expired a millisecond ago', { bound: true, validUntil: at(-1) }, 'Expired'],
    ['an unbound expired licence', { bound: false, validUntil: at(-day).toISOString() }, 'Expired'],
    ['a licence expiring this very instant', { bound: true, validUntil: now }, 'Bound'],
  ])('shows %s as %s', (_name, licence, expected) => {
    expect(licenceDisplayStatus(licence, now)).toBe(expected);
  });

  it('treats an unparseable validity date as no expiry', () => {
    expect(isLicenceExpired('soon', now)).toBe(false);
  });
});

describe('licenceRemainingTime', () => {
  it.each<[string, number, string, string]>([
    ['expired 10 days ago', -10 * day, 'Expired 10 days ago', 'red'],
    ['expired exactly 1 day ago', -day, 'Expired 1 day ago', 'red'],
    ['expired 2 hours ago', -2 * hour, 'Expired 0 days ago', 'red'],
    ['expiring now', 0, 'Expires soon', 'red'],
    ['59 s left', 59_000, 'Expires soon', 'red'],
    ['exactly 1 min left', minute, '1m left', 'red'],
    ['45 min left', 45 * minute, '45m left', 'red'],
    ['exactly 1 h left', hour, '1h 0m left', 'red'],
    ['1 h 1 min left', hour + minute, '1h 1m left', 'rose'],
    ['exactly 6 h left', 6 * hour, '6h 0m left', 'rose'],
    ['6 h 1 min left', 6 * hour + minute, '6h 1m left', 'orange'],
    ['23 h 59 min left', day - minute, '23h 59m left', 'orange'],
    ['exactly 24 h left', day, '1 day left', 'red'],
    ['exactly 7 days left', 7 * day, '7 days left', 'red'],
    ['7 days 23 h left', 8 * day - hour, '7 days left', 'red'],
    ['exactly 8 days left', 8 * day, '8 days left', 'orange'],
    ['exactly 30 days left', 30 * day, '30 days left', 'orange'],
    ['exactly 31 days left', 31 * day, '31 days left', 'green'],
    ['a year left', 365 * day, '365 days left', 'green'],
  ])('%s (offset %i ms): %j in %s', (_name, offset, text, colour) => {
    expect(licenceRemainingTime(at(offset), now)).toEqual({ text, colour });
  });

  it('is null without an expiry', () => {
    expect(licenceRemainingTime(null, now)).toBeNull();
    expect(licenceRemainingTime(undefined, now)).toBeNull();
  });
});

describe('deviceActivityText', () => {
  const bound = { bound: true, deviceId: 'MPDID-ABCDEF123456-Site A' };
  it.each<[string, LicenceStateInput, string]>([
    ['an unbound licence', { bound: false, deviceId: null }, 'Unbound'],
    ['bound without a device', { bound: true, deviceId: null }, 'Unbound'],
    ['a device that never reported', { ...bound, lastDeviceActivity: null }, 'Never Active'],
    ['activity just now', { ...bound, lastDeviceActivity: now }, 'Active Now'],
    [
      'activity 4 min 59 s ago',
      { ...bound, lastDeviceActivity: at(-5 * minute + 1000) },
      'Active Now',
    ],
    [
      'activity exactly 5 min ago',
      { ...bound, lastDeviceActivity: at(-5 * minute) },
      'Last active 5 min ago',
    ],
    [
      'activity 59 min ago',
      { ...bound, lastDeviceActivity: at(-59 * minute) },
      'Last active 59 min ago',
    ],
    ['activity exactly 60 min ago', { ...bound, lastDeviceActivity: at(-hour) }, '1 hour ago'],
    [
      'activity 23 h 59 min ago',
      { ...bound, lastDeviceActivity: at(-day + minute) },
      '23 hours ago',
    ],
    ['activity exactly 24 h ago', { ...bound, lastDeviceActivity: at(-day) }, '1 day ago'],
    [
      'activity 3 days ago',
      { ...bound, lastDeviceActivity: at(-3 * day).toISOString() },
      '3 days ago',
    ],
    ['a device clock ahead of ours', { ...bound, lastDeviceActivity: at(minute) }, 'Active Now'],
  ])('shows %s as %j', (_name, licence, expected) => {
    expect(deviceActivityText(licence, now)).toBe(expected);
  });
});

describe('licenceActivityBucket', () => {
  const valid = { validUntil: at(10 * day) };
  it.each<[string, LicenceStateInput, string]>([
    [
      'an expired bound licence',
      { bound: true, validUntil: at(-1), lastDeviceActivity: now },
      'expired',
    ],
    ['an expired unbound licence', { bound: false, validUntil: at(-day) }, 'expired'],
    ['a valid unbound licence', { ...valid, bound: false }, 'nonActivated'],
    ['an unbound licence without expiry', { bound: false }, 'nonActivated'],
    [
      'active 4 min ago',
      { ...valid, bound: true, lastDeviceActivity: at(-4 * minute) },
      'activeNow',
    ],
    [
      'active exactly 5 min ago',
      { ...valid, bound: true, lastDeviceActivity: at(-5 * minute) },
      'inactiveRecent',
    ],
    [
      'active 23 h ago',
      { ...valid, bound: true, lastDeviceActivity: at(-23 * hour) },
      'inactiveRecent',
    ],
    [
      'active exactly 24 h ago',
      { ...valid, bound: true, lastDeviceActivity: at(-day) },
      'inactiveLongTerm',
    ],
    ['bound but never active', { ...valid, bound: true }, 'inactiveLongTerm'],
  ])('counts %s as %s', (_name, licence, expected) => {
    expect(licenceActivityBucket(licence, now)).toBe(expected);
  });

  it('summarises a list into the dashboard tiles and totals', () => {
    const licences: LicenceStateInput[] = [
      { bound: true, lastDeviceActivity: at(-minute) },
      { bound: true, lastDeviceActivity: at(-2 * hour) },
      { bound: true, lastDeviceActivity: at(-2 * day) },
      { bound: false },
      { bound: false },
      { bound: true, validUntil: at(-day) },
    ];
    expect(summariseLicenceActivity(licences, now)).toEqual({
      activeNow: 1,
      inactiveRecent: 1,
      inactiveLongTerm: 1,
      nonActivated: 2,
      expired: 1,
      total: 6,
      bound: 4,
      unbound: 2,
    });
  });
});
