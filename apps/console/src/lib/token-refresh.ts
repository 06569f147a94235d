import type { RefreshResponse } from '@patrol/contracts';
import { api, ApiError, setUnauthorizedHandler } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-storage';

let refreshInFlight: Promise<boolean> | null = null;
let refreshDisabled = false;

function redirectToLoginPage(): void {
  // A full page load also drops every cached answer that belonged to the ended session.
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

let redirectToLogin: () => void = redirectToLoginPage;

function endSession(): void {
  refreshDisabled = true;
  sessionStore.clear();
  redirectToLogin();
}

async function runRefresh(): Promise<boolean> {
  const refreshToken = sessionStore.getRefreshToken();
  if (!refreshToken) {
    endSession();
    return false;
  }
  try {
    const answer = await api.post<RefreshResponse>(
      '/api/auth/refresh',
      { refreshToken },
      { skipAuthRefresh: true },
    );
    // Refresh tokens rotate: the old one is spent, so the new pair must replace both.
    sessionStore.save({
      token: answer.token,
      refreshToken: answer.refreshToken,
      user: sessionStore.getUser(),
    });
    return true;
  } catch (error) {
    // A busy server says nothing about the session; the caller's request just fails.
    if (error instanceof ApiError && error.status === 429) return false;
    endSession();
    return false;
  }
}

/**
 * Gets a new access token once for every caller that hit a 401 meanwhile (spec 1 section 4):
 * one POST /api/auth/refresh, the others wait for it. Resolves true when a new token is stored.
 * Concurrent refreshes must not happen: reusing a rotated refresh token revokes the whole family.
 */
export function refreshAccessToken(): Promise<boolean> {
  if (refreshDisabled) return Promise.resolve(false);
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Allows refreshing again after a failed refresh disabled it; called when a new session starts. */
export function resetTokenRefresh(): void {
  refreshDisabled = false;
}

/**
 * The api client's 401 hook: a call sent with an older token than the stored one is simply
 * retried (a refresh finished meanwhile); a call sent without a token has no session to refresh.
 */
async function handleUnauthorized(
  _failedPath: string,
  sentToken?: string | null,
): Promise<boolean> {
  if (sentToken === null) return false;
  const currentToken = sessionStore.getToken();
  if (sentToken !== undefined && currentToken && currentToken !== sentToken) return true;
  return refreshAccessToken();
}

type InstallOptions = {
  /** Where an ended session goes; by default a full page load of /login (unless already there). */
  onSessionEnded?: () => void;
};

/** Installs the refresh queue as the api client's 401 handler; returns the uninstaller. */
export function installTokenRefresh(options: InstallOptions = {}): () => void {
  redirectToLogin = options.onSessionEnded ?? redirectToLoginPage;
  setUnauthorizedHandler(handleUnauthorized);
  return () => {
    setUnauthorizedHandler(null);
    redirectToLogin = redirectToLoginPage;
  };
}
