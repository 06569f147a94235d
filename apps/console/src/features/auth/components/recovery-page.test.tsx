import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, sentBody, stubAuthFetch } from '@/features/auth/testing/auth-fetch-stub';
import { jsonResponse, markSetupComplete, renderRoute } from '@/test/test-utils';

const resetSent = 'Password reset instructions have been sent to your email if the account exists.';

beforeEach(() => {
  markSetupComplete();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function choose(option: 'Reset Password' | 'Emergency Recovery') {
  const user = vi.isFakeTimers()
    ? userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) })
    : userEvent.setup();
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${option}`) }));
  return user;
}

describe('recovery mode selection', () => {
  it("offers both modes and 'Back to Login'", async () => {
    stubAuthFetch({});
    const router = renderRoute('/recovery');
    expect(await screen.findByRole('heading', { name: 'Account Recovery' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Emergency Recovery/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('password reset request', () => {
  it('checks the email, then always reports the same outcome', async () => {
    const fetchMock = stubAuthFetch({
      '/api/auth/reset-password': errorAnswer(429, 'RATE_LIMITED', 'Too many'),
    });
    renderRoute('/recovery');
    const user = await choose('Reset Password');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), '@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(resetSent);
    expect(sentBody(fetchMock, '/api/auth/reset-password')).toEqual({
      email: 'nobody@example.com',
    });
  });

  it('says when the request could not be sent', async () => {
    stubAuthFetch({
      '/api/auth/reset-password': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderRoute('/recovery');
    const user = await choose('Reset Password');
    await user.type(screen.getByLabelText('Email'), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send password reset email.',
    );
  });
});

describe('set new password from a reset link', () => {
  it('applies the rules, sets the password and returns to /login after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubAuthFetch({
      '/api/auth/set-password': () =>
        jsonResponse({ success: true, message: 'Your password has been reset.' }),
    });
    const router = renderRoute('/recovery?token=abc123');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    expect(await screen.findByRole('heading', { name: 'Set New Password' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New Password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Secret124');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/auth/set-password')).toEqual({
      token: 'abc123',
      password: 'Secret123',
    });

    act(() => vi.advanceTimersByTime(2_900));
    expect(router.state.location.pathname).toBe('/recovery');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each([
    [
      'the server message',
      errorAnswer(400, 'VALIDATION_ERROR', 'This password reset link has expired.'),
      'This password reset link has expired.',
    ],
    ['the fallback', () => Promise.reject(new TypeError('offline')), 'Failed to reset password.'],
  ])('explains a failure with %s', async (_case, answer, message) => {
    stubAuthFetch({ '/api/auth/set-password': answer });
    renderRoute('/recovery?token=abc123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('emergency recovery', () => {
  it('shows a development token, executes it and goes to setup after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubAuthFetch({
      '/api/auth/emergency-recovery-request': () =>
        jsonResponse({ success: true, message: 'Instructions sent.', emergencyToken: 'em-tok-1' }),
      '/api/auth/emergency-recovery-execute': () =>
        jsonResponse({ success: true, message: 'Emergency recovery complete.' }),
    });
    const router = renderRoute('/recovery');
    const user = await choose('Emergency Recovery');
    await user.type(screen.getByLabelText('Administrator Email'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Request Recovery Token' }));

    expect(await screen.findByText('Instructions sent.')).toBeInTheDocument();
    expect(screen.getByText('em-tok-1')).toBeInTheDocument();
    expect(screen.getByLabelText('Emergency Token')).toHaveValue('em-tok-1');

    await user.clear(screen.getByLabelText('Emergency Token'));
    await user.click(screen.getByRole('button', { name: 'Recover Account' }));
    expect(await screen.findByText('Emergency token is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Emergency Token'), 'em-tok-1');
    await user.type(screen.getByLabelText('New Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Recover Account' }));
    expect(await screen.findByText('Emergency recovery complete.')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/auth/emergency-recovery-execute')).toEqual({
      token: 'em-tok-1',
      newPassword: 'Secret123',
    });

    act(() => vi.advanceTimersByTime(4_900));
    expect(router.state.location.pathname).toBe('/recovery');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?setup=required');
  });

  it('explains failed requests and executions', async () => {
    stubAuthFetch({
      '/api/auth/emergency-recovery-request': () => Promise.reject(new TypeError('offline')),
      '/api/auth/emergency-recovery-execute': () => Promise.reject(new TypeError('offline')),
    });
    renderRoute('/recovery');
    const user = await choose('Emergency Recovery');
    await user.type(screen.getByLabelText('Administrator Email'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Request Recovery Token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Emergency recovery request failed.',
    );

    await user.click(screen.getByRole('button', { name: 'I already have a recovery token' }));
    await user.type(screen.getByLabelText('Emergency Token'), 'em-tok-1');
    await user.type(screen.getByLabelText('New Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Recover Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Emergency recovery failed.');
  });
});
