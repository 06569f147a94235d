import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-storage';
import { installTokenRefresh, resetTokenRefresh } from '@/lib/token-refresh';
import { jsonResponse } from '@/test/test-utils';

const fetchMock = vi.fn<typeof fetch>();
const sessionEnded = vi.fn();
let uninstall: () => void = () => {};

const expired = () =>
  jsonResponse({ success: false, error: 'TOKEN_EXPIRED', message: 'Token expired' }, 401);

function bearerOf(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

function refreshCalls() {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh');
}

/** A server whose access token 'old' has expired and whose refresh answers `refreshAnswer`. */
function serverWithExpiredToken(refreshAnswer: () => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    if (input === '/api/auth/refresh') {
      // Slow enough that the second 401 arrives while the refresh is still running.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return refreshAnswer();
    }
    return bearerOf(init) === 'Bearer new'
      ? jsonResponse({ success: true, path: input })
      : expired();
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  resetTokenRefresh();
  uninstall = installTokenRefresh({ onSessionEnded: sessionEnded });
  sessionStore.save({ token: 'old', refreshToken: 'refresh-1', user: { role: 'superadmin' } });
});

afterEach(() => {
  uninstall();
  fetchMock.mockReset();
  sessionEnded.mockReset();
  vi.unstubAllGlobals();
});

describe('token refresh queue', () => {
  it('refreshes once for two concurrent 401s and retries both with the new token', async () => {
    serverWithExpiredToken(() =>
      jsonResponse({ success: true, token: 'new', refreshToken: 'refresh-2' }),
    );

    const [clients, licences] = await Promise.all([
      api.get('/api/clients'),
      api.get('/api/licences'),
    ]);

    expect(clients).toEqual({ success: true, path: '/api/clients' });
    expect(licences).toEqual({ success: true, path: '/api/licences' });
    expect(refreshCalls()).toHaveLength(1);
    expect(refreshCalls()[0]![1]?.body).toBe('{"refreshToken":"refresh-1"}');
    const retried = fetchMock.mock.calls.filter(([, init]) => bearerOf(init) === 'Bearer new');
    expect(retried.map(([url]) => url).sort()).toEqual(['/api/clients', '/api/licences']);
    // Refresh tokens rotate: the spent one is replaced, the user kept.
    expect(sessionStore.getToken()).toBe('new');
    expect(sessionStore.getRefreshToken()).toBe('refresh-2');
    expect(sessionStore.getUser()).toEqual({ role: 'superadmin' });
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('retries without refreshing a call that failed with a token replaced meanwhile', async () => {
    serverWithExpiredToken(() => jsonResponse({}, 500));
    fetchMock.mockImplementationOnce(async () => {
      sessionStore.setToken('new'); // another call's refresh finished while this one was out
      return expired();
    });

    await expect(api.get('/api/clients')).resolves.toEqual({ success: true, path: '/api/clients' });
    expect(refreshCalls()).toHaveLength(0);
  });

  it('clears the session, ends it and stops refreshing when the refresh is refused', async () => {
    serverWithExpiredToken(() =>
      jsonResponse({ success: false, error: 'UNAUTHENTICATED', message: 'Revoked' }, 401),
    );

    const failure = await api.get('/api/clients').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(sessionStore.getToken()).toBeNull();
    expect(sessionStore.getRefreshToken()).toBeNull();
    expect(sessionStore.getUser()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);

    // Disabled until reset: a later 401 does not try again.
    sessionStore.save({ token: 'old', refreshToken: 'refresh-1' });
    await api.get('/api/clients').catch(() => undefined);
    expect(refreshCalls()).toHaveLength(1);

    resetTokenRefresh();
    await api.get('/api/clients').catch(() => undefined);
    expect(refreshCalls()).toHaveLength(2);
  });

  it('ends the session without calling refresh when no refresh token is stored', async () => {
    sessionStore.save({ token: 'old' });
    serverWithExpiredToken(() => jsonResponse({}, 500));

    await expect(api.get('/api/clients')).rejects.toBeInstanceOf(ApiError);
    expect(refreshCalls()).toHaveLength(0);
    expect(sessionStore.getToken()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh itself is rate limited', async () => {
    serverWithExpiredToken(() =>
      jsonResponse({ success: false, error: 'RATE_LIMITED', message: 'Slow down' }, 429),
    );

    await expect(api.get('/api/clients')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getToken()).toBe('old');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('never refreshes on a 429', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, error: 'RATE_LIMITED', message: 'Slow down' }, 429),
    );
    await expect(api.get('/api/clients')).rejects.toMatchObject({ status: 429 });
    expect(refreshCalls()).toHaveLength(0);
  });

  it('never refreshes for sign-in, register and password calls', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, error: 'INVALID_CREDENTIALS', message: 'Wrong' }, 401),
    );
    for (const path of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/reset-password',
      '/api/auth/set-password',
    ]) {
      await expect(api.post(path, {}, { skipAuthRefresh: true })).rejects.toMatchObject({
        status: 401,
      });
    }
    expect(refreshCalls()).toHaveLength(0);
    expect(sessionStore.getToken()).toBe('old');
  });

  it('does not end a session for a 401 on a call sent without a token', async () => {
    sessionStore.clear();
    fetchMock.mockResolvedValue(expired());
    await expect(api.get('/api/clients')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls()).toHaveLength(0);
    expect(sessionEnded).not.toHaveBeenCalled();
  });
});
