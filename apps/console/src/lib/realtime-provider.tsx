import type { ServerToClientEventName, ServerToClientPayload } from '@patrol/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useToastOutlet } from '@/components/toast-outlet';
import { api } from '@/lib/api-client';
import { connectEventsToCache } from '@/lib/realtime-events';
import { sessionStore } from '@/lib/session-storage';
import { RealtimeClient, type RealtimeStatus } from '@/lib/socket';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** Builds the console's socket client: the stored token, refreshed through the API on refusal. */
export function createRealtimeClient(): RealtimeClient {
  return new RealtimeClient({
    getToken: sessionStore.getToken,
    subscribeToToken: sessionStore.subscribe,
    // Any protected call refreshes an expired token through the API client's 401 handler.
    refreshSession: () => api.get('/api/auth/validate'),
  });
}

type RealtimeProviderProps = {
  children: ReactNode;
  /** Tests pass a client with a fake socket; the app lets the provider build the real one. */
  client?: RealtimeClient;
};

/**
 * Owns the socket of the signed-in shell (app/layout): connects while a token is stored, and
 * turns events into query invalidations, cache patches and toasts. Mount inside
 * QueryClientProvider.
 */
export function RealtimeProvider({ children, client: givenClient }: RealtimeProviderProps) {
  useToastOutlet();
  const queryClient = useQueryClient();
  const [client] = useState(() => givenClient ?? createRealtimeClient());

  useEffect(() => {
    const disconnectEvents = connectEventsToCache(client, queryClient);
    client.start();
    return () => {
      disconnectEvents();
      client.stop();
    };
  }, [client, queryClient]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('Realtime hooks must be used inside RealtimeProvider');
  return client;
}

/** Development's socket test: resolves true once connected, false after 5 s without. */
export function useRealtimeConnectionTest(): () => Promise<boolean> {
  const client = useRealtimeClient();
  return () => client.waitForConnection();
}

/** The socket's connection status, for indicators such as 'Real-time: Connected'. */
export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient();
  return useSyncExternalStore(
    (listener) => client.subscribeStatus(listener),
    () => client.getStatus(),
  );
}

/**
 * Runs `handler` for each `event`. For a feature's api/ hooks that need more than the provider's
 * cache updates (screens themselves read the cache, never the socket).
 */
export function useRealtimeEvent<Name extends ServerToClientEventName>(
  event: Name,
  handler: (payload: ServerToClientPayload<Name>) => void,
): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.on(event, (payload) => latest.current(payload)), [client, event]);
}
