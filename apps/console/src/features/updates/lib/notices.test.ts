import { describe, expect, it } from 'vitest';
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
});
