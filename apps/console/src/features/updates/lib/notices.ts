import {
  updateNotificationPlatforms,
  updateNotificationPriorities,
  updateNotificationTypes,
  updateMessages,
  type UpdateNotification,
} from '@patrol/contracts';
import { noticeListCap } from './update-timings';

/**
 * An update notice (spec 2 section 3's Notification) with what the console keeps beside it: a
 * key naming what it is about (one notice per build or release), and whether it has been seen.
 */
export type UpdateNotice = UpdateNotification & { key: string; read: boolean };

/** The notices, newest first, and the keys raised before (so a dismissed one is not raised again). */
export type NoticeState = { notices: UpdateNotice[]; raisedKeys: string[] };

export const emptyNoticeState: NoticeState = { notices: [], raisedKeys: [] };

/** Raised keys remembered; old ones fall away (a build or release is news for a while only). */
const raisedKeysCap = 50;

/** What raising a notice takes; the id, time and unread flag are added. */
export type NewNotice = Omit<UpdateNotice, 'id' | 'timestamp' | 'read'>;

let sequence = 0;

/**
 * Adds a notice at the top, newest first, keeping 10. A key raised before is left alone unless
 * `repeatable` (failures: each one is news).
 */
export function raiseNotice(
  state: NoticeState,
  notice: NewNotice,
  { now = new Date(), repeatable = false }: { now?: Date; repeatable?: boolean } = {},
): NoticeState {
  if (!repeatable && state.raisedKeys.includes(notice.key)) return state;
  sequence += 1;
  const added: UpdateNotice = {
    ...notice,
    id: `${now.getTime().toString(36)}-${sequence}`,
    timestamp: now.toISOString(),
    read: false,
  };
  return {
    notices: [added, ...state.notices.filter((old) => old.key !== notice.key)].slice(
      0,
      noticeListCap,
    ),
    raisedKeys: [notice.key, ...state.raisedKeys.filter((key) => key !== notice.key)].slice(
      0,
      raisedKeysCap,
    ),
  };
}

/** Removes the notices matching `predicate` (their keys stay raised). */
export function removeNotices(
  state: NoticeState,
  predicate: (notice: UpdateNotice) => boolean,
): NoticeState {
  const notices = state.notices.filter((notice) => !predicate(notice));
  return notices.length === state.notices.length ? state : { ...state, notices };
}

/** The notice of a console update that failed (each failure its own, at high priority). */
export function updateFailedNotice(message: string, version: string | null): NewNotice {
  return {
    key: `update_failed:${Date.now()}`,
    type: 'update_failed',
    title: updateMessages.updateFailed,
    message,
    priority: 'high',
    version,
    platform: 'dashboard',
  };
}

export function markAllRead(state: NoticeState): NoticeState {
  if (state.notices.every((notice) => notice.read)) return state;
  return { ...state, notices: state.notices.map((notice) => ({ ...notice, read: true })) };
}

export function unreadCount(state: NoticeState): number {
  return state.notices.filter((notice) => !notice.read).length;
}

const isString = (value: unknown): value is string => typeof value === 'string';

function isOneOf<Value extends string>(values: readonly Value[], value: unknown): value is Value {
  return values.includes(value as Value);
}

/**
 * Whether a stored entry has the shape of an UpdateNotice: the contract's checks written out, so
 * the signed-in shell reads stored notices without loading zod before the first screen.
 */
function isStoredNotice(value: unknown): value is UpdateNotice {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<keyof UpdateNotice, unknown>;
  return (
    isString(entry.id) &&
    isString(entry.timestamp) &&
    !Number.isNaN(Date.parse(entry.timestamp)) &&
    isOneOf(updateNotificationTypes, entry.type) &&
    isString(entry.title) &&
    isString(entry.message) &&
    isOneOf(updateNotificationPriorities, entry.priority) &&
    (entry.version === null || isString(entry.version)) &&
    isOneOf(updateNotificationPlatforms, entry.platform) &&
    isString(entry.key) &&
    typeof entry.read === 'boolean'
  );
}

/** What was stored, keeping the entries of a readable shape (one bad entry costs only itself). */
function readStoredState(value: unknown): NoticeState {
  if (typeof value !== 'object' || value === null) return emptyNoticeState;
  const { notices, raisedKeys } = value as Partial<Record<keyof NoticeState, unknown>>;
  return {
    notices: Array.isArray(notices) ? notices.filter(isStoredNotice).slice(0, noticeListCap) : [],
    raisedKeys: Array.isArray(raisedKeys)
      ? raisedKeys.filter(isString).slice(0, raisedKeysCap)
      : [],
  };
}

/** Where a user's notices are kept in this browser, so a reload (an update) keeps them. */
export function noticeStorageKey(userId: string): string {
  return `updateNotices:${userId}`;
}

/** The stored notices of a user; nothing (not an error) when absent or unreadable. */
export function loadNoticeState(storage: Storage, key: string): NoticeState {
  try {
    const raw = storage.getItem(key);
    if (!raw) return emptyNoticeState;
    return readStoredState(JSON.parse(raw));
  } catch {
    return emptyNoticeState;
  }
}

export function saveNoticeState(storage: Storage, key: string, state: NoticeState): void {
  try {
    storage.setItem(key, JSON.stringify(state));
  } catch {
    // A full or disabled storage only costs the notices a reload.
  }
}
