import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from '@/lib/auth';
import { sessionStore } from '@/lib/session-storage';
import { jsonResponse } from '@/test/test-utils';

function SignOutButton() {
  const { isAuthenticated, signOut } = useAuth();
  return (
    <button type="button" onClick={signOut}>
      {isAuthenticated ? 'Sign Out' : 'Signed out'}
    </button>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signOut', () => {
  it('revokes the session on the server before clearing it', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.save({ token: 'access-1', refreshToken: 'refresh-1', user: { role: 'sales' } });
    render(
      <AuthProvider>
        <SignOutButton />
      </AuthProvider>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(screen.getByRole('button', { name: 'Signed out' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init?.body).toBe('{"refreshToken":"refresh-1"}');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer access-1');
    expect(sessionStore.getToken()).toBeNull();
    expect(sessionStore.getRefreshToken()).toBeNull();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    sessionStore.save({ token: 'access-1', refreshToken: 'refresh-1' });
    render(
      <AuthProvider>
        <SignOutButton />
      </AuthProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(screen.getByRole('button', { name: 'Signed out' })).toBeInTheDocument();
    expect(sessionStore.getToken()).toBeNull();
  });
});
