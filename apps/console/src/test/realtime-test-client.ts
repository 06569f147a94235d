import { serverToClientEvents } from '@patrol/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { sessionStore } from '@/lib/session-storage';
import { RealtimeClient } from '@/lib/socket';
import { fakeSocketFactory, sockets } from '@/test/fake-socket';

export { billingEvent, fakeSocketFactory, latestSocket, sockets } from '@/test/fake-socket';

let client: RealtimeClient | null = null;

/** Starts a client on the real session store; stopped after each test (`setUpRealtimeTest`). */
export function startClient(refreshSession?: () => Promise<unknown>): RealtimeClient {
  client = new RealtimeClient({
    getToken: sessionStore.getToken,
    subscribeToToken: sessionStore.subscribe,
    refreshSession,
    createSocket: fakeSocketFactory,
    eventSchemas: serverToClientEvents,
  });
  client.start();
  return client;
}

/** The client the test started, if any. */
export function currentClient(): RealtimeClient | null {
  return client;
}

/** Hands a client the test built itself to the after-each cleanup. */
export function adoptClient(realtime: RealtimeClient): void {
  client = realtime;
}

/** Stores a session with this access token. */
export function storeToken(token: string): void {
  sessionStore.save({ token, refreshToken: 'refresh-1', user: { role: 'superadmin' } });
}

/**
 * Each test of the realtime client starts on fake timers with no sockets, and ends with the client
 * it started stopped and real timers back.
 */
export function setUpRealtimeTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    sockets.length = 0;
  });
  afterEach(() => {
    client?.stop();
    client = null;
    vi.useRealTimers();
  });
}
