import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session-storage';
import { clearSessionValidationCache } from '@/lib/session-validation';
import { jsonResponse, markSetupComplete, renderRoute, testUsers } from '@/test/test-utils';

const fetchMock = vi.fn<typeof fetch>();

function answerValidate(response: () => Response) {
  fetchMock.mockImplementation(async (input) =>
    input === '/api/auth/validate'
      ? response()
      : jsonResponse({ success: false, error: 'NOT_FOUND', message: 'Not here' }, 404),
  );
}

beforeEach(() => {
  markSetupComplete();
  clearSessionValidationCache();
  vi.stubGlobal('fetch', fetchMock);
  // Stored the way sign-in stores it, but not yet validated in this page load.
  sessionStore.save({ token: 'stored', refreshToken: 'r-1', user: testUsers.superadmin });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('protected-route guard', () => {
  it('shows the page once the server confirms the session', async () => {
    answerValidate(() => jsonResponse({ success: true, valid: true, user: testUsers.superadmin }));
    const router = renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends an account without two-factor to /login?setup=required', async () => {
    answerValidate(() =>
      jsonResponse(
        { success: false, error: 'TWO_FACTOR_SETUP_REQUIRED', message: 'Set up 2FA first' },
        403,
      ),
    );
    const router = renderRoute('/clients');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?setup=required');
    expect(
      await screen.findByText(/Two-factor authentication must be set up for your account/),
    ).toBeInTheDocument();
    expect(sessionStore.getToken()).toBeNull();
  });

  it('signs out and sends a refused session to /login', async () => {
    answerValidate(() =>
      jsonResponse({ success: false, error: 'FORBIDDEN', message: 'Account disabled' }, 403),
    );
    const router = renderRoute('/clients');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStore.getToken()).toBeNull();
  });
});
