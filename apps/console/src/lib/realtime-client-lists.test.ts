import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { breakers } from '@/lib/breaker';
import { connectEventsToCache } from '@/lib/realtime-events';
import { sessionStore } from '@/lib/session-storage';
import {
  currentClient,
  latestSocket,
  setUpRealtimeTest,
  startClient,
  storeToken,
} from '@/test/realtime-test-client';
import { testUsers } from '@/test/test-utils';

setUpRealtimeTest();
beforeEach(() => breakers.resetAll());

describe('client lists on a change someone else made', () => {
  it('are read afresh, not throttled by the client data breaker into its unavailable answer', async () => {
    storeToken('token-a');
    sessionStore.save({ token: 'token-a', refreshToken: null, user: testUsers.superadmin });
    startClient();
    const disconnect = connectEventsToCache(currentClient()!, new QueryClient());
    latestSocket().fire('connect');
    const listPage = () =>
      breakers.get('clientData').execute(() => Promise.resolve('page'), {
        fallback: () => 'unavailable',
        throttleKey: 'page-1',
      });

    expect(await listPage()).toBe('page');
    // Within the minimum interval, a repeat of the same page is answered by the fallback...
    expect(await listPage()).toBe('unavailable');
    // ...but not the reload another user's change calls for.
    latestSocket().serverEmit('clientDeleted', { companyId: 'ACME-0001' });
    expect(await listPage()).toBe('page');
    disconnect();
  });
});
