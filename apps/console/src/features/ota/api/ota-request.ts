import { useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api-client';
import { breakers, BreakerTimeoutError, countsAsFailure } from '@/lib/breaker';
import { withRetry } from '@/lib/service-call';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';

/**
 * Every call of the OTA screen goes through here (spec 2 sections 4 and 7): the OTA breaker (3
 * failures in 60 s), the auth-error state a 401 sets (repeats within 5 s are refused locally), the
 * call's own retries, and one error type whose message is the spec's.
 */

/** Default OTA request timeout (spec 2 section 9). */
export const otaRequestTimeoutMs = 30_000;
/** A call within this long of a 401 is refused without being sent. */
export const authErrorThrottleMs = 5_000;
export const otaBreakerName = 'otaManagement';

export type OtaErrorKind =
  | 'unauthorized'
  | 'auth_throttled'
  | 'rate_limited'
  | 'circuit_open'
  | 'timeout'
  | 'network'
  | 'failed';

/** A failed OTA call, with the spec's message for it. */
export class OtaRequestError extends Error {
  override name = 'OtaRequestError';

  constructor(
    readonly kind: OtaErrorKind,
    message: string,
    /** HTTP status, 0 when no answer came (or the call was not sent). */
    readonly status: number,
    /** Per-field messages of a 400, keyed by field. */
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }

  /** Auth and breaker refusals say so on the screen; they raise no failure toast. */
  get isAuthOrCircuit(): boolean {
    return (
      this.kind === 'unauthorized' || this.kind === 'auth_throttled' || this.kind === 'circuit_open'
    );
  }
}

// The auth-error state is shared by the whole screen (and survives a remount, like the session it
// reflects): null, or when the last 401 came. Any call the server accepts clears it.
let authErrorAt: number | null = null;
const authListeners = new Set<() => void>();

function setAuthErrorAt(value: number | null): void {
  if (authErrorAt === value) return;
  authErrorAt = value;
  for (const listener of authListeners) listener();
}

/** Whether the last OTA answer was a 401 (Upload disabled, polling stopped). */
export function useOtaAuthError(): boolean {
  return useSyncExternalStore(
    (listener) => {
      authListeners.add(listener);
      return () => authListeners.delete(listener);
    },
    () => authErrorAt !== null,
  );
}

/** Whether the auth-error state is set right now (for query options, outside React). */
export function hasOtaAuthError(): boolean {
  return authErrorAt !== null;
}

/** Forgets the auth-error state and closes the OTA breaker (between tests). */
export function resetOtaConnection(): void {
  setAuthErrorAt(null);
  breakers.get(otaBreakerName).reset();
}

/** The spec's error for anything an OTA call can throw. */
export function toOtaError(error: unknown): OtaRequestError {
  if (error instanceof OtaRequestError) return error;
  if (error instanceof BreakerTimeoutError) {
    return new OtaRequestError('timeout', error.message, 0);
  }
  if (error instanceof ApiError) {
    if (error.status === 401) {
      return new OtaRequestError('unauthorized', otaScreenMessages.unauthorized, 401);
    }
    if (error.status === 429) {
      return new OtaRequestError('rate_limited', otaScreenMessages.rateLimited, 429);
    }
    if (error.status === 0) {
      return new OtaRequestError(
        error.code === 'TIMEOUT' ? 'timeout' : 'network',
        error.message,
        0,
      );
    }
    return new OtaRequestError(
      'failed',
      error.message || otaScreenMessages.requestFailed(error.status),
      error.status,
      error.fieldErrors,
    );
  }
  const message = error instanceof Error && error.message ? error.message : 'Request failed';
  return new OtaRequestError('failed', message, 0);
}

/**
 * Refuses the call at once while a 401 is fresh (under 5 s) or the breaker is open; for calls that
 * cannot run inside the breaker (the 5-minute upload).
 */
export function assertOtaCallAllowed(): void {
  if (authErrorAt !== null && Date.now() - authErrorAt < authErrorThrottleMs) {
    throw new OtaRequestError('auth_throttled', otaScreenMessages.authThrottled, 401);
  }
  if (breakers.get(otaBreakerName).getState() === 'OPEN') {
    throw new OtaRequestError('circuit_open', otaScreenMessages.circuitOpen, 0);
  }
}

/** Records how an OTA call outside the breaker ended, for the auth-error state. */
export function noteOtaOutcome(error: unknown | null): void {
  if (error === null) setAuthErrorAt(null);
  else if (error instanceof ApiError && error.status === 401) setAuthErrorAt(Date.now());
  else if (error instanceof ApiError && error.status > 0) setAuthErrorAt(null);
}

type RetryOptions = { retries?: number; retryDelayMs?: number };

type Outcome<T> = { done: T } | { answered: unknown } | { open: true };

/**
 * Runs one OTA call through the breaker, retrying failures (isWorthRetrying: no answer or a 5xx)
 * `retries` times `retryDelayMs` apart; the whole call, with its retries, is one success or
 * failure for the breaker. Throws an OtaRequestError.
 */
export async function otaCall<T>(
  operation: () => Promise<T>,
  { retries = 0, retryDelayMs = 0 }: RetryOptions = {},
): Promise<T> {
  if (authErrorAt !== null && Date.now() - authErrorAt < authErrorThrottleMs) {
    throw new OtaRequestError('auth_throttled', otaScreenMessages.authThrottled, 401);
  }
  let outcome: Outcome<T>;
  try {
    outcome = await breakers.get(otaBreakerName).execute<Outcome<T>>(
      async () => {
        try {
          const done = await withRetry(operation, {
            attempts: retries + 1,
            baseDelayMs: retryDelayMs,
            multiplier: 1,
            maxJitterMs: 0,
          });
          return { done };
        } catch (error) {
          // An answer (a 4xx but 429) ends the call as it is; only a failure reaches the breaker.
          if (!countsAsFailure(error)) return { answered: error };
          throw error;
        }
      },
      { fallback: () => ({ open: true }) },
    );
  } catch (error) {
    noteOtaOutcome(error);
    throw toOtaError(error);
  }
  if ('open' in outcome) {
    throw new OtaRequestError('circuit_open', otaScreenMessages.circuitOpen, 0);
  }
  if ('answered' in outcome) {
    noteOtaOutcome(outcome.answered);
    throw toOtaError(outcome.answered);
  }
  noteOtaOutcome(null);
  return outcome.done;
}
