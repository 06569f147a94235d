import { api, ApiError } from '@/lib/api-client';
import { sessionCacheKeys } from '@/lib/session-storage';

/** 'ready' when a superadmin exists, else 'setup-needed' (the visitor goes to /register). */
export type SetupStatus = 'ready' | 'setup-needed';

/** Thrown when the check cannot tell; the gate shows it with a Retry button. */
export class SetupCheckError extends Error {
  override name = 'SetupCheckError';
}

export const setupCheckMessages = {
  unreachable: 'Unable to connect to server. Please ensure the backend is running.',
  failed: 'Failed to check system status. Please try again.',
} as const;

const CACHE_TTL_MS = 30_000;
const COOLDOWN_MS = 2_000;

type CachedCheck = { exists: boolean; checkedAt: number };

let lastCheckStartedAt = 0;

function readCache(): CachedCheck | null {
  try {
    const cached = JSON.parse(localStorage.getItem(sessionCacheKeys.setupCheck) ?? 'null');
    if (typeof cached?.exists === 'boolean' && typeof cached?.checkedAt === 'number') return cached;
  } catch {
    // A corrupt cache is simply no cache.
  }
  return null;
}

function toStatus(exists: boolean): SetupStatus {
  return exists ? 'ready' : 'setup-needed';
}

/** Forgets the cached result: on page load (spec 1 section 4) and after setup completes. */
export function clearSetupCheckCache(): void {
  localStorage.removeItem(sessionCacheKeys.setupCheck);
  lastCheckStartedAt = 0;
}

/**
 * Asks whether a superadmin exists (GET /api/auth/has-superadmin), cached 30 s with a 2 s
 * cooldown between calls. 404 and 500 mean setup is needed; a 429 falls back to the cache.
 */
export async function checkSetup(now: () => number = Date.now): Promise<SetupStatus> {
  const cached = readCache();
  if (cached && now() - cached.checkedAt < CACHE_TTL_MS) return toStatus(cached.exists);

  const wait = lastCheckStartedAt + COOLDOWN_MS - now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastCheckStartedAt = now();

  try {
    const { exists } = await api.get<{ exists: boolean }>('/api/auth/has-superadmin');
    localStorage.setItem(
      sessionCacheKeys.setupCheck,
      JSON.stringify({ exists, checkedAt: now() } satisfies CachedCheck),
    );
    return toStatus(exists);
  } catch (error) {
    if (!(error instanceof ApiError)) throw new SetupCheckError(setupCheckMessages.failed);
    if (error.status === 429) return cached ? toStatus(cached.exists) : 'setup-needed';
    if (error.status === 404 || error.status === 500) return 'setup-needed';
    // No answer at all, or a gateway (the dev proxy included) that could not reach the API.
    if (
      error.status === 0 ||
      error.status === 502 ||
      error.status === 503 ||
      error.status === 504
    ) {
      throw new SetupCheckError(setupCheckMessages.unreachable);
    }
    throw new SetupCheckError(setupCheckMessages.failed);
  }
}
