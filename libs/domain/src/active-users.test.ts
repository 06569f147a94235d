import { describe, expect, it } from 'vitest';
import {
  countActiveUsers,
  isAdminRole,
  isMobileUserAgent,
  liveUsersFromSockets,
} from './active-users';

const desktop =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('isMobileUserAgent', () => {
  it.each([
    [desktop, false],
    [phone, true],
    [iphone, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15', false],
    ['', false],
    [null, false],
  ])('%s is mobile: %s', (agent, expected) => {
    expect(isMobileUserAgent(agent)).toBe(expected);
  });
});

describe('isAdminRole', () => {
  it.each([
    ['superadmin', true],
    ['Admin', true],
    ['admin', false],
    ['manager', false],
    [null, false],
  ])('%s: %s', (role, expected) => {
    expect(isAdminRole(role)).toBe(expected);
  });
});

describe('active users', () => {
  const socket = (userId: string, role: string, userAgent: string) => ({ userId, role, userAgent });

  it('counts each person once however many tabs they hold, and in each place they sit', () => {
    const users = liveUsersFromSockets([
      socket('ann', 'superadmin', desktop),
      socket('ann', 'superadmin', desktop),
      socket('ann', 'superadmin', phone),
      socket('bob', 'sales', phone),
      socket('cyd', 'Admin', desktop),
      socket('dee', 'manager', ''),
    ]);
    expect(countActiveUsers(users)).toEqual({
      total: 4,
      admin: 2,
      mobile: { total: 2, admin: 1 },
      dashboard: { total: 3, admin: 2 },
    });
  });

  it('merges the users of several workers', () => {
    const first = liveUsersFromSockets([socket('ann', 'Admin', desktop)]);
    const second = liveUsersFromSockets([
      socket('ann', 'Admin', iphone),
      socket('bob', 'sales', desktop),
    ]);
    expect(countActiveUsers([...first, ...second])).toEqual({
      total: 2,
      admin: 1,
      mobile: { total: 1, admin: 1 },
      dashboard: { total: 2, admin: 1 },
    });
  });

  it('answers zeros with nobody connected', () => {
    expect(countActiveUsers([])).toEqual({
      total: 0,
      admin: 0,
      mobile: { total: 0, admin: 0 },
      dashboard: { total: 0, admin: 0 },
    });
  });
});
