import { updateNotificationSchema } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  emptyNoticeState,
  loadNoticeState,
  markAllRead,
  raiseNotice,
  removeNotices,
  saveNoticeState,
  unreadCount,
  type NewNotice,
} from './notices';

const notice = (key: string, overrides: Partial<NewNotice> = {}): NewNotice => ({
  key,
  type: 'mobile_update',
  title: 'Mobile App Update',
  message: `Release ${key}`,
  priority: 'low',
  version: key,
  platform: 'android',
  ...overrides,
});

describe('update notices', () => {
  it('keeps the newest 10, newest first', () => {
    let state = emptyNoticeState;
    for (let index = 1; index <= 12; index += 1) state = raiseNotice(state, notice(`v${index}`));
    expect(state.notices).toHaveLength(10);
    expect(state.notices.map((entry) => entry.key)).toEqual([
      'v12',
      'v11',
      'v10',
      'v9',
      'v8',
      'v7',
      'v6',
      'v5',
      'v4',
      'v3',
    ]);
    expect(unreadCount(state)).toBe(10);
  });

  it('raises a build or release once, even after it is dismissed; failures every time', () => {
    let state = raiseNotice(emptyNoticeState, notice('v1'));
    expect(raiseNotice(state, notice('v1'))).toBe(state);
    state = removeNotices(state, (entry) => entry.key === 'v1');
    expect(raiseNotice(state, notice('v1'))).toBe(state);
    const failure = notice('update_failed:1', { type: 'update_failed', title: 'Update Failed' });
    state = raiseNotice(state, failure, { repeatable: true });
    state = raiseNotice(state, failure, { repeatable: true });
    expect(state.notices.map((entry) => entry.title)).toEqual(['Update Failed']);
  });

  it('marks every notice read', () => {
    const state = markAllRead(raiseNotice(raiseNotice(emptyNoticeState, notice('a')), notice('b')));
    expect(unreadCount(state)).toBe(0);
    expect(markAllRead(state)).toBe(state);
  });

  it('survives a reload through storage, and ignores what it cannot read', () => {
    const state = raiseNotice(emptyNoticeState, notice('v1'), {
      now: new Date('2026-11-24T10:00:00Z'),
    });
    saveNoticeState(localStorage, 'notices', state);
    expect(loadNoticeState(localStorage, 'notices')).toEqual(state);
    localStorage.setItem('broken', '{"notices": 3}');
    expect(loadNoticeState(localStorage, 'broken')).toEqual(emptyNoticeState);
    localStorage.setItem('not-json', '{');
    expect(loadNoticeState(localStorage, 'not-json')).toEqual(emptyNoticeState);
    expect(loadNoticeState(localStorage, 'absent')).toEqual(emptyNoticeState);
  });

  it('drops a malformed stored notice and keeps the good ones beside it', () => {
    const state = raiseNotice(raiseNotice(emptyNoticeState, notice('v1')), notice('v2'));
    const [newest, older] = state.notices;
    const stored = {
      notices: [{ ...newest, priority: 'urgent' }, older, 'not a notice', { ...older, read: 'no' }],
      raisedKeys: ['v2', 7, 'v1'],
    };
    localStorage.setItem('mixed', JSON.stringify(stored));

    expect(loadNoticeState(localStorage, 'mixed')).toEqual({
      notices: [older],
      raisedKeys: ['v2', 'v1'],
    });
  });

  it("accepts exactly the stored notices the contract's schema accepts", () => {
    const storedNoticeSchema = updateNotificationSchema.extend({
      key: z.string(),
      read: z.boolean(),
    });
    const good = { ...raiseNotice(emptyNoticeState, notice('v1')).notices[0] };
    const variants: Record<string, unknown>[] = [
      good,
      { ...good, version: null },
      { ...good, platform: 'dashboard', type: 'dashboard_update', priority: 'high' },
      { ...good, timestamp: 'yesterday' },
      { ...good, type: 'other' },
      { ...good, platform: 'windows' },
      { ...good, version: 3 },
      { ...good, title: undefined },
      { ...good, key: undefined },
      { ...good, read: 1 },
    ];
    const kept = variants.map((variant) => {
      localStorage.setItem('one', JSON.stringify({ notices: [variant], raisedKeys: [] }));
      return loadNoticeState(localStorage, 'one').notices.length === 1;
    });

    expect(kept).toEqual(variants.map((variant) => storedNoticeSchema.safeParse(variant).success));
    expect(kept).toEqual([true, true, true, false, false, false, false, false, false, false]);
  });
});
