import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionCacheKeys, sessionStore } from '@/lib/session-storage';
import {
  clearSessionValidationCache,
  endedForTwoFactorSetup,
  validateSession,
} from '@/lib/session-validation';
import { jsonResponse } from '@/test/test-utils';

const fetchMock = vi.fn<typeof fetch>();
const storedUser = { id: 'u-1', role: 'sales', permissions: ['clients.view'] };
const freshUser = { ...storedUser, permissions: ['clients.view', 'clients.edit'] };

let clock = 1_000_000;
const now = () => clock;

function validateCalls() {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/auth/validate');
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  clearSessionValidationCache();
  clock += 60_000;
  sessionStore.save({ token: 't-1', refreshToken: 'r-1', user: storedUser });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('session validation', () => {
  it('is signed out without asking the server when no token is stored', async () => {
    sessionStore.clear();
    await expect(validateSession(now)).resolves.toBe('signed-out');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the user the server returns, since permissions may have changed', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, valid: true, user: freshUser }));
    await expect(validateSession(now)).resolves.toBe('valid');
    expect(sessionStore.getUser()).toEqual(freshUser);
    expect(sessionStore.getToken()).toBe('t-1');
    expect(sessionStore.getRefreshToken()).toBe('r-1');
    expect(JSON.parse(localStorage.getItem(sessionCacheKeys.authValidation)!)).toMatchObject({
      valid: true,
      user: freshUser,
    });
  });

  it('asks once for concurrent checks and reuses the result for 2 s', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, valid: true, user: freshUser }));
    await Promise.all([validateSession(now), validateSession(now)]);
    expect(validateCalls()).toHaveLength(1);

    clock += 1_999;
    await validateSession(now);
    expect(validateCalls()).toHaveLength(1);

    clock += 1;
    await validateSession(now);
    expect(validateCalls()).toHaveLength(2);
  });

  it('clears the session and asks for two-factor setup on 403 TWO_FACTOR_SETUP_REQUIRED', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { success: false, error: 'TWO_FACTOR_SETUP_REQUIRED', message: 'Set up 2FA' },
        403,
      ),
    );
    // The guard re-renders the moment the session clears: the outcome must be known by then.
    const knownWhenCleared: boolean[] = [];
    const unsubscribe = sessionStore.subscribe(() =>
      knownWhenCleared.push(endedForTwoFactorSetup()),
    );
    await expect(validateSession(now)).resolves.toBe('setup-required');
    unsubscribe();
    expect(knownWhenCleared).toEqual([true]);
    expect(sessionStore.getToken()).toBeNull();
    expect(sessionStore.getUser()).toBeNull();
  });

  it('uses the cached success on a 429', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, valid: true, user: freshUser }));
    await validateSession(now);
    clock += 10_000;
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: false, error: 'RATE_LIMITED', message: 'Slow down' }, 429),
    );
    await expect(validateSession(now)).resolves.toBe('valid');
    expect(sessionStore.getToken()).toBe('t-1');
  });

  it('treats a 429 without a cached result as signed out', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, error: 'RATE_LIMITED', message: 'Slow down' }, 429),
    );
    await expect(validateSession(now)).resolves.toBe('signed-out');
    expect(sessionStore.getToken()).toBeNull();
  });

  it.each([
    ['a server error', () => Promise.resolve(jsonResponse({}, 500))],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('clears token, refresh token, user and cache on %s', async (_name, answer) => {
    localStorage.setItem(
      sessionCacheKeys.authValidation,
      JSON.stringify({ valid: true, user: storedUser, validatedAt: 1 }),
    );
    fetchMock.mockImplementation(answer);
    await expect(validateSession(now)).resolves.toBe('signed-out');
    expect(sessionStore.getToken()).toBeNull();
    expect(sessionStore.getRefreshToken()).toBeNull();
    expect(sessionStore.getUser()).toBeNull();
    expect(localStorage.getItem(sessionCacheKeys.authValidation)).toBeNull();
  });
});
