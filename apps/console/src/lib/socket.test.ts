import { commonMessages } from '@patrol/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session-storage';
import {
  RealtimeClient,
  reconnectDelays,
  socketAuthFailedEvent,
  socketTimeoutMs,
} from '@/lib/socket';

type Listener = (...args: unknown[]) => void;
type AuthOption = (callback: (auth: { token: string }) => void) => void;

/** Stands in for a socket.io client: records the options and calls, lets the test play the server. */
class FakeSocket {
  active = false;
  connectCalls = 0;
  disconnectCalls = 0;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly anyListeners = new Set<Listener>();

  constructor(readonly options: { auth: AuthOption; [option: string]: unknown }) {}

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  onAny(listener: Listener): this {
    this.anyListeners.add(listener);
    return this;
  }

  offAny(): this {
    this.anyListeners.clear();
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  connect(): this {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.disconnectCalls += 1;
    this.active = false;
    return this;
  }

  /** The auth payload socket.io would send with the handshake now. */
  auth(): { token: string } {
    let sent: { token: string } | undefined;
    this.options.auth((auth) => (sent = auth));
    if (!sent) throw new Error('auth callback was not called');
    return sent;
  }

  /** A reserved event ('connect', 'disconnect', 'connect_error'). */
  fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** An event pushed by the server. */
  serverEmit(event: string, payload: unknown): void {
    for (const listener of this.anyListeners) listener(event, payload);
  }

  /** Like socket.io: a disconnect that will not recover by itself leaves the socket inactive. */
  fireFinalDisconnect(reason: string, description?: unknown): void {
    this.active = false;
    this.fire('disconnect', reason, description);
  }

  /** Like socket.io: an error sent by the server's middleware leaves the socket inactive. */
  fireServerConnectError(message: string): void {
    this.active = false;
    this.fire('connect_error', new Error(message));
  }
}

const created = vi.hoisted(() => ({ sockets: [] as unknown[] }));

vi.mock('socket.io-client', () => ({
  io: (options: ConstructorParameters<typeof FakeSocket>[0]) => {
    const socket = new FakeSocket(options);
    created.sockets.push(socket);
    return socket;
  },
}));

const sockets = created.sockets as FakeSocket[];

function latestSocket(): FakeSocket {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket was created');
  return socket;
}

const billingEvent = {
  entity: 'invoice',
  action: 'updated',
  id: '3f2b8c1e-4d5a-4b6c-8e7f-9a0b1c2d3e4f',
};

let client: RealtimeClient | null = null;

function startClient(refreshSession?: () => Promise<unknown>): RealtimeClient {
  client = new RealtimeClient({
    getToken: sessionStore.getToken,
    subscribeToToken: sessionStore.subscribe,
    refreshSession,
  });
  client.start();
  return client;
}

function storeToken(token: string): void {
  sessionStore.save({ token, refreshToken: 'refresh-1', user: { role: 'superadmin' } });
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets.length = 0;
});

afterEach(() => {
  client?.stop();
  client = null;
  vi.useRealTimers();
});

describe('RealtimeClient connection', () => {
  it('does not connect while no token is stored', () => {
    startClient();

    expect(sockets).toHaveLength(0);
    expect(client?.getStatus()).toBe('disconnected');
  });

  it('connects with the stored token as auth and the spec 1 section 9 reconnect options', () => {
    storeToken('token-a');
    startClient();

    expect(sockets).toHaveLength(1);
    const socket = latestSocket();
    expect(socket.connectCalls).toBe(1);
    expect(socket.auth()).toEqual({ token: 'token-a' });
    expect(socket.options).toMatchObject({
      reconnection: true,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      timeout: socketTimeoutMs,
    });
  });

  it('connects once a token is stored after start', () => {
    startClient();
    storeToken('token-a');

    expect(sockets).toHaveLength(1);
    expect(latestSocket().auth()).toEqual({ token: 'token-a' });
  });
});

describe('RealtimeClient reconnects', () => {
  it.each(['io server disconnect', 'io client disconnect'])(
    'reconnects 1 s after a %s, not before',
    (reason) => {
      storeToken('token-a');
      startClient();
      latestSocket().fire('connect');

      latestSocket().fireFinalDisconnect(reason);
      vi.advanceTimersByTime(999);
      expect(sockets).toHaveLength(1);

      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(2);
      expect(latestSocket().connectCalls).toBe(1);
      expect(latestSocket().auth()).toEqual({ token: 'token-a' });
    },
  );

  it('waits 30 s after a rate-limit disconnect', () => {
    storeToken('token-a');
    startClient();
    latestSocket().fire('connect');

    latestSocket().fireFinalDisconnect('io server disconnect', new Error('Too many requests'));
    vi.advanceTimersByTime(29_999);
    expect(sockets).toHaveLength(1);

    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('waits 30 s after a rate-limit connection error', () => {
    storeToken('token-a');
    startClient();

    latestSocket().fireServerConnectError('Rate limit exceeded');
    vi.advanceTimersByTime(29_999);
    expect(sockets).toHaveLength(1);

    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it("leaves a dropped transport to socket.io's own backoff", () => {
    storeToken('token-a');
    startClient();
    latestSocket().fire('connect');

    // The socket stays active: socket.io retries by itself.
    latestSocket().fire('disconnect', 'transport close');
    expect(client?.getStatus()).toBe('connecting');
    vi.advanceTimersByTime(reconnectDelays.afterRateLimitMs);

    expect(sockets).toHaveLength(1);
    expect(latestSocket().disconnectCalls).toBe(0);
  });

  it('does not reconnect after a disconnect once the token is gone', () => {
    storeToken('token-a');
    startClient();
    latestSocket().fireFinalDisconnect('io server disconnect');

    localStorage.removeItem('token');
    vi.advanceTimersByTime(reconnectDelays.afterDisconnectMs);

    expect(sockets).toHaveLength(1);
  });
});

describe('RealtimeClient authentication errors', () => {
  const authFailed = vi.fn();

  beforeEach(() => window.addEventListener(socketAuthFailedEvent, authFailed));
  afterEach(() => {
    window.removeEventListener(socketAuthFailedEvent, authFailed);
    authFailed.mockReset();
  });

  it('raises socket_auth_failed and reconnects with the refreshed token', async () => {
    storeToken('token-a');
    const refreshSession = vi.fn(async () => sessionStore.setToken('token-b'));
    startClient(refreshSession);

    latestSocket().fireServerConnectError(commonMessages.socketAuthRequired);

    expect(authFailed).toHaveBeenCalledTimes(1);
    const event = authFailed.mock.calls[0]?.[0] as CustomEvent<{ message: string }>;
    expect(event.detail.message).toBe('Authentication required for this operation');
    expect(refreshSession).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    expect(latestSocket().auth()).toEqual({ token: 'token-b' });
  });

  it('reconnects after the refresh even when the new token was stored without notice', async () => {
    storeToken('token-a');
    startClient(async () => localStorage.setItem('token', 'token-b'));

    latestSocket().fireServerConnectError(commonMessages.socketAuthRequired);
    await vi.advanceTimersByTimeAsync(0);

    expect(sockets).toHaveLength(2);
    expect(latestSocket().auth()).toEqual({ token: 'token-b' });
  });

  it('does not loop when the refresh cannot change the refused token', async () => {
    storeToken('token-a');
    const refreshSession = vi.fn(() => Promise.reject(new Error('refresh failed')));
    startClient(refreshSession);

    latestSocket().fireServerConnectError(commonMessages.socketAuthRequired);
    await vi.advanceTimersByTimeAsync(reconnectDelays.afterRateLimitMs);

    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
    expect(client?.getStatus()).toBe('disconnected');
  });

  it('raises socket_auth_failed for any error mentioning Authentication', () => {
    storeToken('token-a');
    startClient();

    latestSocket().fireServerConnectError('Authentication failed: invalid token');

    expect(authFailed).toHaveBeenCalledTimes(1);
  });

  it('does not raise socket_auth_failed for other connection errors', () => {
    storeToken('token-a');
    startClient();

    latestSocket().fireServerConnectError('Rate limit exceeded');
    latestSocket().fire('connect_error', new Error('xhr poll error'));

    expect(authFailed).not.toHaveBeenCalled();
  });
});

describe('RealtimeClient follows the stored token', () => {
  it('disconnects when the token is removed', () => {
    storeToken('token-a');
    startClient();
    latestSocket().fire('connect');

    sessionStore.clear();

    expect(latestSocket().disconnectCalls).toBe(1);
    expect(client?.getStatus()).toBe('disconnected');
    vi.advanceTimersByTime(reconnectDelays.afterRateLimitMs);
    expect(sockets).toHaveLength(1);
  });

  it('connects again when the same token is stored after a sign-out', () => {
    storeToken('token-a');
    startClient();

    sessionStore.clear();
    storeToken('token-a');

    expect(sockets).toHaveLength(2);
    expect(latestSocket().connectCalls).toBe(1);
  });

  it('reconnects with the new token when it changes', () => {
    storeToken('token-a');
    startClient();
    const first = latestSocket();

    sessionStore.setToken('token-b');

    expect(first.disconnectCalls).toBe(1);
    expect(sockets).toHaveLength(2);
    expect(latestSocket().auth()).toEqual({ token: 'token-b' });
  });

  it('does not reconnect when the session is saved again with the same token', () => {
    storeToken('token-a');
    startClient();

    storeToken('token-a');

    expect(sockets).toHaveLength(1);
    expect(latestSocket().disconnectCalls).toBe(0);
  });

  it('follows a token changed or removed in another tab', () => {
    storeToken('token-a');
    startClient();

    localStorage.setItem('token', 'token-b');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(sockets).toHaveLength(2);
    expect(latestSocket().auth()).toEqual({ token: 'token-b' });

    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(latestSocket().disconnectCalls).toBe(1);
    expect(client?.getStatus()).toBe('disconnected');
  });
});

describe('RealtimeClient events', () => {
  it('delivers a valid server event to its handlers', () => {
    storeToken('token-a');
    const realtime = startClient();
    const onBilling = vi.fn();
    realtime.on('billingUpdated', onBilling);

    latestSocket().serverEmit('billingUpdated', billingEvent);

    expect(onBilling).toHaveBeenCalledWith(billingEvent);
  });

  it('drops a sensitive event received while no token is stored', () => {
    storeToken('token-a');
    const realtime = startClient();
    const onBilling = vi.fn();
    const onDeleted = vi.fn();
    realtime.on('billingUpdated', onBilling);
    realtime.on('clientDeleted', onDeleted);
    // Removed behind the store's back, as before another tab's storage event arrives.
    localStorage.removeItem('token');

    latestSocket().serverEmit('billingUpdated', billingEvent);
    latestSocket().serverEmit('clientDeleted', { companyId: 'ACME-01' });

    expect(onBilling).not.toHaveBeenCalled();
    expect(onDeleted).toHaveBeenCalledWith({ companyId: 'ACME-01' });
  });

  it('drops a payload that does not match the event schema', () => {
    storeToken('token-a');
    const realtime = startClient();
    const onBilling = vi.fn();
    realtime.on('billingUpdated', onBilling);

    latestSocket().serverEmit('billingUpdated', { ...billingEvent, entity: 'spaceship' });

    expect(onBilling).not.toHaveBeenCalled();
  });

  it('stops delivering after the handler unsubscribes', () => {
    storeToken('token-a');
    const realtime = startClient();
    const onBilling = vi.fn();
    const unsubscribe = realtime.on('billingUpdated', onBilling);

    unsubscribe();
    latestSocket().serverEmit('billingUpdated', billingEvent);

    expect(onBilling).not.toHaveBeenCalled();
  });
});

describe('RealtimeClient status', () => {
  it('reports connecting, connected and disconnected to its subscribers', () => {
    storeToken('token-a');
    const realtime = new RealtimeClient({
      getToken: sessionStore.getToken,
      subscribeToToken: sessionStore.subscribe,
    });
    client = realtime;
    const seen: string[] = [];
    const unsubscribe = realtime.subscribeStatus(() => seen.push(realtime.getStatus()));

    realtime.start();
    latestSocket().fire('connect');
    latestSocket().fireFinalDisconnect('io server disconnect');
    unsubscribe();
    vi.advanceTimersByTime(reconnectDelays.afterDisconnectMs);

    expect(seen).toEqual(['connecting', 'connected', 'disconnected']);
    expect(realtime.getStatus()).toBe('connecting');
  });
});
