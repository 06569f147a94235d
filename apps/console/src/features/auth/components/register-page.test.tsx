import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  errorAnswer,
  sentBody,
  sessionAnswer,
  setupAnswer,
  stubAuthFetch,
  validateAnswer,
} from '@/features/auth/testing/auth-fetch-stub';
import { sessionCacheKeys } from '@/lib/session-storage';
import { jsonResponse, markSetupNeeded, renderRoute } from '@/test/test-utils';

// /register opens only while no superadmin exists.
beforeEach(markSetupNeeded);

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAccount(
  values: Partial<Record<'name' | 'email' | 'password' | 'confirm', string>>,
) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'First-Time Setup' });
  const fields = {
    name: 'Full Name',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm Password',
  } as const;
  for (const [key, label] of Object.entries(fields)) {
    const value = values[key as keyof typeof fields];
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Create Administrator' }));
  return user;
}

const validAccount = {
  name: 'Aisha Rahman',
  email: 'Aisha@Example.com',
  password: 'Secret123',
  confirm: 'Secret123',
};

describe('first-time setup, account step', () => {
  it('names every missing field', async () => {
    const fetchMock = stubAuthFetch({});
    renderRoute('/register');
    await fillAccount({});
    for (const message of [
      'Name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies the password rules and the confirmation', async () => {
    stubAuthFetch({});
    renderRoute('/register');
    const user = await fillAccount({ ...validAccount, email: 'nope', password: 'short' });
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();

    const password = screen.getByLabelText('Password');
    await user.clear(password);
    await user.type(password, 'alllowercase1');
    expect(
      await screen.findByText('Password must contain at least one uppercase letter'),
    ).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Secret124');
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Administrator' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it.each([
    [409, 'A system administrator already exists. Please sign in instead.'],
    [500, 'Registration failed. Please try again.'],
  ])('explains a %i answer', async (status, message) => {
    stubAuthFetch({
      '/api/auth/register': errorAnswer(
        status,
        status === 409 ? 'CONFLICT' : 'INTERNAL_ERROR',
        'A system administrator already exists. Please sign in instead.',
      ),
    });
    renderRoute('/register');
    await fillAccount(validAccount);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('first-time setup, two-factor step', () => {
  async function reachTwoFactorStep(handlers: Parameters<typeof stubAuthFetch>[0] = {}) {
    const fetchMock = stubAuthFetch({
      '/api/auth/register': () => jsonResponse(setupAnswer, 201),
      ...handlers,
    });
    const router = renderRoute('/register');
    const user = await fillAccount(validAccount);
    await screen.findByRole('heading', { name: 'Set Up Two-Factor Authentication' });
    return { fetchMock, router, user };
  }

  it('shows QR code, manual key and backup codes, and blocks the dashboard until verified', async () => {
    const { fetchMock, user } = await reachTwoFactorStep();
    expect(sentBody(fetchMock, '/api/auth/register')).toEqual({
      name: 'Aisha Rahman',
      email: 'aisha@example.com',
      password: 'Secret123',
    });
    expect(screen.getByAltText(/QR code/)).toBeInTheDocument();
    // Shown in groups of four, as authenticator apps do.
    expect(screen.getByTestId('manual-entry-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('list', { name: 'Backup codes' }).children).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe('JBSWY3DPEHPK3PXP');

    await user.click(screen.getByRole('button', { name: 'Continue to Dashboard' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You must complete 2FA setup before proceeding to login.',
    );
  });

  it('asks for a 6-digit code', async () => {
    const { fetchMock, user } = await reachTwoFactorStep();
    await user.type(screen.getByLabelText('Verification Code'), 'abc12');
    expect(screen.getByLabelText('Verification Code')).toHaveValue('12');
    await user.click(screen.getByRole('button', { name: 'Verify & Complete Setup' }));
    expect(
      await screen.findByText('Please enter a valid 6-digit code from your authenticator app'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/setup-2fa')).toBe(false);
  });

  it.each([
    [
      'the server message',
      () =>
        jsonResponse(
          { success: false, error: 'INVALID_2FA_CODE', message: 'That code has expired' },
          400,
        ),
      'That code has expired',
    ],
    [
      'the 400 fallback',
      () => new Response('Bad Request', { status: 400 }),
      'Invalid verification code. Please check your authenticator app and try again.',
    ],
    [
      'the 401 fallback',
      () => new Response('', { status: 401 }),
      'Setup session expired. Please refresh and start over.',
    ],
    [
      'the general fallback',
      () => new Response('', { status: 502 }),
      'Verification failed. Please try again.',
    ],
  ])('explains a failed verification with %s', async (_case, answer, message) => {
    const { user } = await reachTwoFactorStep({ '/api/auth/setup-2fa': answer });
    await user.type(screen.getByLabelText('Verification Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify & Complete Setup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('stores the session once verified and continues to the dashboard', async () => {
    const { fetchMock, router, user } = await reachTwoFactorStep({
      '/api/auth/setup-2fa': () => jsonResponse(sessionAnswer),
      '/api/auth/has-superadmin': () => jsonResponse({ success: true, exists: true }),
      '/api/auth/validate': validateAnswer,
    });
    localStorage.setItem(
      sessionCacheKeys.setupCheck,
      JSON.stringify({ exists: false, checkedAt: Date.now() }),
    );
    await user.type(screen.getByLabelText('Verification Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify & Complete Setup' }));

    expect(await screen.findByRole('heading', { name: 'Setup Complete' })).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/auth/setup-2fa')).toEqual({
      setupToken: 'setup-token-1',
      code: '654321',
    });
    expect(localStorage.getItem('token')).toBe('access-1');
    // The 'no superadmin' answer is forgotten (asked again, it now says one exists).
    const cached = localStorage.getItem(sessionCacheKeys.setupCheck);
    expect(cached === null || JSON.parse(cached).exists === true).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Continue to Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
