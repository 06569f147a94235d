import { describe, expect, it, vi } from 'vitest';
import { sessionCacheKeys, sessionStore } from '@/lib/session-storage';

describe('sessionStore.getUser', () => {
  it('returns the stored user object', () => {
    localStorage.setItem('user', JSON.stringify({ username: 'sam', role: 'sales' }));
    expect(sessionStore.getUser()).toEqual({ username: 'sam', role: 'sales' });
  });

  it.each(['', '   ', 'undefined', 'null', '{not json', '42', '"sam"', '[]'])(
    'treats %j as no user and removes it',
    (raw) => {
      localStorage.setItem('user', raw);
      expect(sessionStore.getUser()).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
    },
  );

  it('returns null when nothing is stored', () => {
    expect(sessionStore.getUser()).toBeNull();
  });
});

describe('sessionStore.save and clear', () => {
  it('stores token, refresh token and user, and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.save({ token: 't', refreshToken: 'r', user: { username: 'sam' } });
    unsubscribe();

    expect(sessionStore.getToken()).toBe('t');
    expect(sessionStore.getRefreshToken()).toBe('r');
    expect(sessionStore.getUser()).toEqual({ username: 'sam' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('removes the session and its caches but leaves other keys', () => {
    sessionStore.save({ token: 't', refreshToken: 'r', user: { username: 'sam' } });
    for (const key of Object.values(sessionCacheKeys)) localStorage.setItem(key, 'x');
    localStorage.setItem('unrelated', 'kept');

    sessionStore.clear();

    for (const key of ['token', 'refreshToken', 'user', ...Object.values(sessionCacheKeys)]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('notifies subscribers of session changes made in another tab only', () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
