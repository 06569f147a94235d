import { serverToClientEvents } from '@patrol/contracts';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session-storage';
import { RealtimeClient, reconnectDelays, socketTimeoutMs } from '@/lib/socket';
import {
  adoptClient,
  currentClient,
  fakeSocketFactory,
  latestSocket,
  setUpRealtimeTest,
  sockets,
  startClient,
  storeToken,
} from '@/test/realtime-test-client';

setUpRealtimeTest();

describe('RealtimeClient connection', () => {
  it('does not connect while no token is stored', () => {
    startClient();

    expect(sockets).toHaveLength(0);
    expect(currentClient()?.getStatus()).toBe('disconnected');
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
    expect(currentClient()?.getStatus()).toBe('connecting');
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

describe('RealtimeClient status', () => {
  it('reports connecting, connected and disconnected to its subscribers', () => {
    storeToken('token-a');
    const realtime = new RealtimeClient({
      getToken: sessionStore.getToken,
      subscribeToToken: sessionStore.subscribe,
      createSocket: fakeSocketFactory,
      eventSchemas: serverToClientEvents,
    });
    adoptClient(realtime);
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

describe('RealtimeClient socket test (development)', () => {
  it('answers true as soon as the socket connects', async () => {
    storeToken('token-a');
    startClient();
    const connected = currentClient()!.waitForConnection();
    latestSocket().fire('connect');
    await expect(connected).resolves.toBe(true);
  });

  it('answers false after 5 s without a connection', async () => {
    vi.useFakeTimers();
    storeToken('token-a');
    startClient();
    const connected = currentClient()!.waitForConnection();
    vi.advanceTimersByTime(4_999);
    latestSocket().fire('connect_error', new Error('refused'));
    vi.advanceTimersByTime(1);
    await expect(connected).resolves.toBe(false);
  });
});
