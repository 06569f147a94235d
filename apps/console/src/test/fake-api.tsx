import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { RealtimeProvider } from '@/lib/realtime-provider';
import { createTestQueryClient, jsonResponse } from '@/test/test-utils';

/** A call as the fake API received it. */
export type FakeCall = { method: string; path: string; url: URL; body: unknown };

type FakeHandler = (call: FakeCall) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed 'METHOD /path' (no query string); anything else answers 404
 * with the error envelope. Returns the calls made, in order, to assert on.
 */
export function stubApi(handlers: Record<string, FakeHandler>): FakeCall[] {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call = { method, path: url.pathname, url, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) {
      return jsonResponse({ success: false, error: 'NOT_FOUND', message: 'Not found' }, 404);
    }
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/**
 * Renders one screen with the app's providers (query cache, session, toasts), the realtime
 * socket the signed-in shell adds, and a router.
 */
export function renderScreen(ui: ReactElement, path = '/') {
  return render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RealtimeProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </RealtimeProvider>
    </AppProviders>,
  );
}
