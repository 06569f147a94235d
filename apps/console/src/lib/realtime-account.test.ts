import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectEventsToCache } from '@/lib/realtime-events';
import { sessionStore } from '@/lib/session-storage';
import {
  currentClient,
  latestSocket,
  setUpRealtimeTest,
  startClient,
  storeToken,
} from '@/test/realtime-test-client';
import { jsonResponse, testUsers } from '@/test/test-utils';

setUpRealtimeTest();
afterEach(() => vi.unstubAllGlobals());

describe('accountChanged', () => {
  it('re-reads the session at once, so the menu follows the new permissions', async () => {
    const promoted = {
      ...testUsers.sales,
      permissions: [...testUsers.sales.permissions, 'reports.view'],
    };
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse({ success: true, valid: true, user: promoted }),
    );
    vi.stubGlobal('fetch', fetchMock);
    storeToken('token-a');
    sessionStore.save({ token: 'token-a', refreshToken: null, user: testUsers.sales });
    startClient();
    const disconnect = connectEventsToCache(currentClient()!, new QueryClient());
    latestSocket().fire('connect');

    latestSocket().serverEmit('accountChanged', { userId: '00000000-0000-4000-8000-000000000002' });
    await vi.waitFor(() => expect(sessionStore.getUser()?.permissions).toContain('reports.view'));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/auth/validate');
    disconnect();
  });
});
