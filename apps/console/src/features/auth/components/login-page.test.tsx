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
import { jsonResponse, markSetupComplete, renderRoute, testUsers } from '@/test/test-utils';

const challenge = () =>
  jsonResponse({ success: true, requires2FA: true, requiresTwoFactor: true, tempToken: 'temp-1' });

beforeEach(() => {
  markSetupComplete();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function signInStep1(email = 'admin@example.com', password = 'Secret123') {
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Welcome Back' });
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('sign-in step 1', () => {
  it('asks for both fields, and typing into a field clears its error', async () => {
    const fetchMock = stubAuthFetch({});
    renderRoute('/login');
    const user = await signInStep1('', '');

    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'a');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    stubAuthFetch({});
    renderRoute('/login');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it.each([
    [401, 'INVALID_CREDENTIALS', 'Invalid email or password'],
    [429, 'RATE_LIMITED', 'Server is busy. Please wait a moment and try again.'],
    [500, 'INTERNAL_ERROR', 'Login failed. Please try again.'],
  ])('explains a %i answer', async (status, code, message) => {
    stubAuthFetch({ '/api/auth/login': errorAnswer(status, code, 'server text') });
    renderRoute('/login');
    await signInStep1();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("tells a suspended account so, in the server's words", async () => {
    const suspended = 'Your account has been suspended. Please contact your administrator.';
    stubAuthFetch({ '/api/auth/login': errorAnswer(403, 'ACCOUNT_INACTIVE', suspended) });
    renderRoute('/login');
    await signInStep1();
    expect(await screen.findByRole('alert')).toHaveTextContent(suspended);
  });

  it('explains an unreachable server', async () => {
    stubAuthFetch({ '/api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoute('/login');
    await signInStep1();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to connect to server. Please ensure the backend is running.',
    );
  });

  it("reads 'Signing in...' and is disabled while the call runs", async () => {
    let answer: (response: Response) => void = () => {};
    stubAuthFetch({
      '/api/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoute('/login');
    await signInStep1();
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    answer(challenge());
    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  });

  it('announces a required two-factor setup from ?setup=required', async () => {
    stubAuthFetch({});
    renderRoute('/login?setup=required');
    expect(
      await screen.findByText(/Two-factor authentication must be set up for your account/),
    ).toBeInTheDocument();
  });
});

describe('sign-in step 2', () => {
  it('keeps digits only, at most 8, and asks for a code', async () => {
    stubAuthFetch({ '/api/auth/login': challenge });
    renderRoute('/login');
    const user = await signInStep1();

    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Please enter the 2FA code')).toBeInTheDocument();

    const code = screen.getByLabelText('Authentication Code');
    await user.type(code, 'a1b2-c3 4567890');
    expect(code).toHaveValue('12345678');
    expect(screen.queryByText('Please enter the 2FA code')).not.toBeInTheDocument();
  });

  it("says a wrong code is wrong, and 'Back to Login' clears code and message", async () => {
    stubAuthFetch({
      '/api/auth/login': challenge,
      '/api/auth/verify-2fa': errorAnswer(401, 'INVALID_2FA_CODE', 'Nope'),
    });
    renderRoute('/login');
    const user = await signInStep1();

    await user.type(await screen.findByLabelText('Authentication Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid 2FA code. Please try again.',
    );

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByLabelText('Authentication Code')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stores the session, clears the caches and opens the dashboard', async () => {
    localStorage.setItem(sessionCacheKeys.authValidation, JSON.stringify({ valid: false }));
    const fetchMock = stubAuthFetch({
      '/api/auth/login': challenge,
      '/api/auth/verify-2fa': () => jsonResponse(sessionAnswer),
      '/api/auth/validate': validateAnswer,
      '/api/auth/has-superadmin': () => jsonResponse({ success: true, exists: true }),
    });
    const router = renderRoute('/login');
    const user = await signInStep1();

    await user.type(await screen.findByLabelText('Authentication Code'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sentBody(fetchMock, '/api/auth/verify-2fa')).toEqual({
      tempToken: 'temp-1',
      code: '12345678',
    });
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(testUsers.superadmin);
    // The old validation result was dropped and the new session validated afresh.
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/validate')).toBe(true);
  });
});

describe('two-factor setup at sign-in', () => {
  it('shows the setup data and completes it with setup-2fa', async () => {
    const fetchMock = stubAuthFetch({
      '/api/auth/login': () =>
        jsonResponse({
          ...setupAnswer,
          requires2FA: false,
          requiresTwoFactor: false,
          requires2FASetup: true,
        }),
      '/api/auth/setup-2fa': () => jsonResponse(sessionAnswer),
      '/api/auth/validate': validateAnswer,
      '/api/auth/has-superadmin': () => jsonResponse({ success: true, exists: true }),
    });
    const router = renderRoute('/login?setup=required');
    const user = await signInStep1();

    expect(
      await screen.findByRole('heading', { name: 'Set Up Two-Factor Authentication' }),
    ).toBeInTheDocument();
    expect(screen.getByAltText(/QR code/)).toHaveAttribute('src', setupAnswer.qrCodeDataURL);
    // Shown in groups of four, as authenticator apps do.
    expect(screen.getByTestId('manual-entry-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByText('23456789')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Verification Code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify & Complete Setup' }));
    expect(
      await screen.findByText('Please enter a valid 6-digit code from your authenticator app'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('Verification Code'), '6');
    await user.click(screen.getByRole('button', { name: 'Verify & Complete Setup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sentBody(fetchMock, '/api/auth/setup-2fa')).toEqual({
      setupToken: 'setup-token-1',
      code: '123456',
    });
    expect(localStorage.getItem('token')).toBe('access-1');
  });
});

describe('temporary password at sign-in', () => {
  const passwordChangeStep = () =>
    jsonResponse({
      success: true,
      requires2FA: false,
      requiresTwoFactor: false,
      requiresPasswordChange: true,
      passwordChangeToken: 'change-1',
      message: 'Your password is a temporary one.',
    });

  it('asks for a new password first, then the two-factor code', async () => {
    const fetchMock = stubAuthFetch({
      '/api/auth/login': passwordChangeStep,
      '/api/auth/complete-password-change': challenge,
    });
    renderRoute('/login');
    const user = await signInStep1();

    expect(
      await screen.findByRole('heading', { name: 'Choose a New Password' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'MyOwnChoice42');
    await user.type(screen.getByLabelText('Confirm New Password'), 'MyOwnChoice4');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/auth/complete-password-change')).toBeUndefined();

    await user.type(screen.getByLabelText('Confirm New Password'), '2');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByLabelText('Authentication Code')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/auth/complete-password-change')).toEqual({
      passwordChangeToken: 'change-1',
      newPassword: 'MyOwnChoice42',
    });
  });

  it("shows the server's refusal of the new password under the field", async () => {
    stubAuthFetch({
      '/api/auth/login': passwordChangeStep,
      '/api/auth/complete-password-change': () =>
        jsonResponse(
          {
            success: false,
            error: 'VALIDATION_ERROR',
            message: 'Choose a password different from the temporary one',
            errors: { newPassword: 'Choose a password different from the temporary one' },
          },
          400,
        ),
    });
    renderRoute('/login');
    const user = await signInStep1();
    await user.type(await screen.findByLabelText('New Password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    const password = screen.getByLabelText('New Password');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getByText('Choose a password different from the temporary one'),
    ).toBeInTheDocument();
  });
});
