import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import { api } from '@/lib/api-client';
import { sessionStore, type StoredUser } from '@/lib/session-storage';
import { installTokenRefresh } from '@/lib/token-refresh';

type SessionSnapshot = { token: string | null; user: StoredUser | null };

export type AuthState = SessionSnapshot & {
  isAuthenticated: boolean;
  /** Revokes the session on the server (best effort) and clears it; guards then send the visitor to /login. */
  signOut: () => void;
};

const AuthContext = createContext<AuthState | null>(null);

let cached: { token: string | null; rawUser: string | null; snapshot: SessionSnapshot } | null =
  null;

// useSyncExternalStore needs the same object back while storage is unchanged.
function readSnapshot(): SessionSnapshot {
  const token = sessionStore.getToken();
  const user = sessionStore.getUser();
  const rawUser = localStorage.getItem('user');
  if (cached && cached.token === token && cached.rawUser === rawUser) return cached.snapshot;
  cached = { token, rawUser, snapshot: { token, user } };
  return cached.snapshot;
}

/**
 * POST /api/auth/logout with the session's tokens, sent before they are cleared. Its outcome
 * does not matter: the local session ends either way.
 */
function revokeSession(): void {
  const token = sessionStore.getToken();
  const refreshToken = sessionStore.getRefreshToken() ?? undefined;
  if (!token && !refreshToken) return;
  api
    .post(
      '/api/auth/logout',
      { refreshToken },
      { skipAuthRefresh: true, headers: token ? { Authorization: `Bearer ${token}` } : {} },
    )
    .catch(() => {
      // Best effort: an unreachable server cannot be told, and the tokens expire on their own.
    });
}

/**
 * Exposes the stored session to the tree, follows changes from this and other tabs, and
 * installs the token-refresh queue for 401 answers.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const snapshot = useSyncExternalStore(sessionStore.subscribe, readSnapshot);
  useEffect(() => installTokenRefresh(), []);
  const signOut = useCallback(() => {
    revokeSession();
    sessionStore.clear();
  }, []);
  const value = useMemo<AuthState>(
    () => ({ ...snapshot, isAuthenticated: snapshot.token !== null, signOut }),
    [snapshot, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The current session: user, token, isAuthenticated and signOut(). */
export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside AuthProvider');
  return auth;
}
