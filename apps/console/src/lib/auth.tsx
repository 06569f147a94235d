import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { sessionStore, type StoredUser } from '@/lib/session-storage';

type SessionSnapshot = { token: string | null; user: StoredUser | null };

export type AuthState = SessionSnapshot & {
  isAuthenticated: boolean;
  /** Clears the stored session; guards then send the visitor to /login. */
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

/** Exposes the stored session to the tree and follows changes from this and other tabs. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const snapshot = useSyncExternalStore(sessionStore.subscribe, readSnapshot);
  const signOut = useCallback(() => sessionStore.clear(), []);
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
