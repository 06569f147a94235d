import type { PermissionSubject } from '@patrol/domain';

/** The signed-in user as stored in the browser (spec 1 section 3); other fields are kept as-is. */
export type StoredUser = PermissionSubject & {
  id?: string;
  username?: string;
  fullName?: string;
  email?: string;
  [field: string]: unknown;
};

/** What sign-in, verification and setup store once they succeed. */
export type StoredSession = {
  token: string;
  refreshToken?: string | null;
  user?: StoredUser | null;
};

const TOKEN = 'token';
const REFRESH_TOKEN = 'refreshToken';
const USER = 'user';
const SESSION_KEYS = [TOKEN, REFRESH_TOKEN, USER];

/** Caches that belong to one session and must not outlive it. */
export const sessionCacheKeys = {
  authValidation: 'auth_validation_cache',
  setupCheck: 'setup_check_cache',
  lastDashboardRefresh: 'last_dashboard_refresh',
} as const;

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function readUser(): StoredUser | null {
  const raw = localStorage.getItem(USER);
  if (raw === null) return null;
  try {
    if (raw.trim() !== '' && raw !== 'undefined' && raw !== 'null') {
      const parsed: unknown = JSON.parse(raw);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return parsed as StoredUser;
      }
    }
  } catch {
    // Unparseable: fall through and drop it, as for the other unusable values.
  }
  localStorage.removeItem(USER);
  return null;
}

/** The browser-stored session: tokens and user in localStorage (spec 1 sections 3 and 4). */
export const sessionStore = {
  getToken(): string | null {
    return localStorage.getItem(TOKEN) || null;
  },

  getRefreshToken(): string | null {
    return localStorage.getItem(REFRESH_TOKEN) || null;
  },

  /** The stored user; empty, 'undefined', 'null', non-object or unparseable values are removed. */
  getUser(): StoredUser | null {
    return readUser();
  },

  /** Stores a new session after sign-in, verification or setup. */
  save(session: StoredSession): void {
    localStorage.setItem(TOKEN, session.token);
    if (session.refreshToken) localStorage.setItem(REFRESH_TOKEN, session.refreshToken);
    else localStorage.removeItem(REFRESH_TOKEN);
    if (session.user) localStorage.setItem(USER, JSON.stringify(session.user));
    else localStorage.removeItem(USER);
    notify();
  },

  /** Replaces the access token after a refresh. */
  setToken(token: string): void {
    localStorage.setItem(TOKEN, token);
    notify();
  },

  /** Signs out locally: tokens, user and the session's caches. */
  clear(): void {
    for (const key of SESSION_KEYS) localStorage.removeItem(key);
    for (const key of Object.values(sessionCacheKeys)) localStorage.removeItem(key);
    notify();
  },

  /** Calls `listener` when this tab changes the session or another tab changes its storage. */
  subscribe(listener: () => void): () => void {
    const onStorage = (event: StorageEvent) => {
      // key is null when another tab cleared all of localStorage.
      if (event.key === null || SESSION_KEYS.includes(event.key)) listener();
    };
    listeners.add(listener);
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
