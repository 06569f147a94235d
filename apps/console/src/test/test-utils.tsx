import { roleTemplates } from '@patrol/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { sessionCacheKeys, type StoredUser } from '@/lib/session-storage';
import { rememberValidatedSession } from '@/lib/session-validation';

/** Users as sign-in stores them. */
export const testUsers = {
  superadmin: {
    id: 'u-1',
    username: 'root',
    fullName: 'Aisha Rahman',
    role: 'superadmin',
    permissions: [],
    customPermissions: { granted: [], denied: [] },
  },
  sales: {
    id: 'u-2',
    username: 'sam',
    fullName: 'Sam Lee',
    role: 'sales',
    permissions: roleTemplates.sales,
    customPermissions: { granted: [], denied: [] },
  },
} satisfies Record<string, StoredUser>;

/**
 * Stores a session the way sign-in does, already validated for this page load, so the
 * protected-route guard does not call GET /api/auth/validate.
 */
export function signInAs(user: StoredUser, token = 'test-token'): void {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
  rememberValidatedSession(token);
}

/** Pretends the setup check already found a superadmin, so routes render without a server. */
export function markSetupComplete(): void {
  localStorage.setItem(
    sessionCacheKeys.setupCheck,
    JSON.stringify({ exists: true, checkedAt: Date.now() }),
  );
}

/** Caches the setup check as 'no superadmin yet' (first-time setup), so no call is made. */
export function markSetupNeeded(): void {
  localStorage.setItem(
    sessionCacheKeys.setupCheck,
    JSON.stringify({ exists: false, checkedAt: Date.now() }),
  );
}

/** A query client that fails fast, for tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Renders the real route table at `path`; returns the router to inspect where it ended up. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** A JSON response for a stubbed fetch. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * For route tests of a file: setup is complete and every call answers 404 (the footer's settings
 * call then falls back to its fixed tagline). Returns the fetch stub to inspect.
 */
export function answerEveryCallNotFound() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    markSetupComplete();
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, error: 'NOT_FOUND', message: 'x' }, 404),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
