import type { ValidateResponse } from '@patrol/contracts';
import { api, ApiError } from '@/lib/api-client';
import { sessionCacheKeys, sessionStore, type StoredUser } from '@/lib/session-storage';

/**
 * 'valid': show the content; 'signed-out': go to /login; 'setup-required': the account must set
 * up two-factor first, go to /login?setup=required.
 */
export type SessionValidationResult = 'valid' | 'signed-out' | 'setup-required';

const COOLDOWN_MS = 2_000;

type CachedValidation = { valid: boolean; user: StoredUser | null; validatedAt: number };

let lastValidation: { token: string; result: SessionValidationResult; at: number } | null = null;
let inFlight: { token: string; promise: Promise<SessionValidationResult> } | null = null;

function readCache(): CachedValidation | null {
  try {
    const cached = JSON.parse(localStorage.getItem(sessionCacheKeys.authValidation) ?? 'null');
    if (typeof cached?.valid === 'boolean' && typeof cached?.validatedAt === 'number')
      return cached;
  } catch {
    // A corrupt cache is simply no cache.
  }
  return null;
}

function remember(token: string, result: SessionValidationResult, now: number): void {
  lastValidation = { token, result, at: now };
}

/** Records that `token` was confirmed valid in this page load, so the guard does not ask again. */
export function rememberValidatedSession(token: string, now: number = Date.now()): void {
  remember(token, 'valid', now);
}

/** True when `token` was confirmed valid earlier in this page load. */
export function isSessionValidated(token: string | null): boolean {
  return token !== null && lastValidation?.token === token && lastValidation.result === 'valid';
}

/** True when the last check ended the session because the account must set up two-factor. */
export function endedForTwoFactorSetup(): boolean {
  return lastValidation?.result === 'setup-required';
}

/** Forgets every validation result: when a new session starts. */
export function clearSessionValidationCache(): void {
  localStorage.removeItem(sessionCacheKeys.authValidation);
  lastValidation = null;
  inFlight = null;
}

async function askServer(token: string, now: () => number): Promise<SessionValidationResult> {
  try {
    const answer = await api.get<ValidateResponse>('/api/auth/validate');
    // Permissions may have changed since sign-in; the token may have been refreshed meanwhile.
    const user = answer.user ?? sessionStore.getUser();
    sessionStore.save({
      token: sessionStore.getToken() ?? token,
      refreshToken: sessionStore.getRefreshToken(),
      user,
    });
    localStorage.setItem(
      sessionCacheKeys.authValidation,
      JSON.stringify({ valid: true, user, validatedAt: now() } satisfies CachedValidation),
    );
    const current = sessionStore.getToken() ?? token;
    remember(current, 'valid', now());
    return 'valid';
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      const cached = readCache();
      if (cached?.valid) {
        remember(token, 'valid', now());
        return 'valid';
      }
    }
    const setupRequired =
      error instanceof ApiError &&
      error.status === 403 &&
      error.code === 'TWO_FACTOR_SETUP_REQUIRED';
    const result: SessionValidationResult = setupRequired ? 'setup-required' : 'signed-out';
    // Remembered before the session is cleared: clearing re-renders the guard at once, and it
    // must already know where to send the visitor.
    remember(token, result, now());
    // Without a usable answer the session is treated as gone; leaving the token would make
    // /login bounce the visitor straight back here.
    sessionStore.clear();
    return result;
  }
}

/**
 * Checks the stored session with GET /api/auth/validate (spec 1 section 4): a 2 s cooldown
 * between checks of the same token, concurrent callers share one call. Success refreshes the
 * stored user; 403 TWO_FACTOR_SETUP_REQUIRED, and any failure but a 429 with a cached success,
 * clear the session.
 */
export function validateSession(now: () => number = Date.now): Promise<SessionValidationResult> {
  const token = sessionStore.getToken();
  if (!token) return Promise.resolve('signed-out');
  if (lastValidation?.token === token && now() - lastValidation.at < COOLDOWN_MS) {
    return Promise.resolve(lastValidation.result);
  }
  if (inFlight?.token === token) return inFlight.promise;
  const promise = askServer(token, now).finally(() => {
    if (inFlight?.promise === promise) inFlight = null;
  });
  inFlight = { token, promise };
  return promise;
}
