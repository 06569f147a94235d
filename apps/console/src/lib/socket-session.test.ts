import { commonMessages } from '@patrol/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session-storage';
import { reconnectDelays, socketAuthFailedEvent } from '@/lib/socket';
import {
  billingEvent,
  currentClient,
  latestSocket,
  setUpRealtimeTest,
  sockets,
  startClient,
  storeToken,
} from '@/test/realtime-test-client';

setUpRealtimeTest();

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
    expect(currentClient()?.getStatus()).toBe('disconnected');
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
    expect(currentClient()?.getStatus()).toBe('disconnected');
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
    expect(currentClient()?.getStatus()).toBe('disconnected');
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
