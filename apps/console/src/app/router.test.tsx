import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answerEveryCallNotFound,
  jsonResponse,
  markSetupNeeded,
  renderRoute,
  signInAs,
  testUsers,
} from '@/test/test-utils';

const fetchMock = answerEveryCallNotFound();

describe('routing', () => {
  it('sends a visitor without a token from a protected route to /login', async () => {
    const router = renderRoute('/clients');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Secure Dashboard Access')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in visitor from /login to the dashboard', async () => {
    signInAs(testUsers.superadmin);
    const router = renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('redirects an unknown path to /', async () => {
    signInAs(testUsers.superadmin);
    const router = renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('renders a permitted screen inside the layout', async () => {
    signInAs(testUsers.superadmin);
    renderRoute('/clients/edit/ACME01');
    expect(await screen.findByRole('heading', { name: 'Edit Client' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows Access Denied for a screen the user lacks permission for', async () => {
    signInAs(testUsers.sales);
    renderRoute('/settings');
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText(/Required permissions \(ANY\)/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Company Settings' })).not.toBeInTheDocument();
  });

  it('names the role of a screen kept to one, even for a holder of its permission', async () => {
    signInAs({ ...testUsers.sales, role: 'manager', permissions: ['users.view'] });
    renderRoute('/users');
    expect(
      await screen.findByText('This page is for the Super Administrator role only.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Required permissions/)).not.toBeInTheDocument();
  });

  it('requires both billing permissions for /billing', async () => {
    signInAs({ ...testUsers.sales, permissions: ['quotations.view'] });
    renderRoute('/billing');
    expect(await screen.findByText(/Required permissions \(ALL\)/)).toBeInTheDocument();
  });

  it('serves the privacy policy without signing in', async () => {
    renderRoute('/privacy-policy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    for (const title of [
      'Introduction',
      'Data Retention',
      'Your Rights',
      'Cookies',
      'Contact Us',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/6 months/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('setup check', () => {
  it('sends the visitor to /register when no superadmin exists', async () => {
    localStorage.clear();
    fetchMock.mockResolvedValue(jsonResponse({ success: true, exists: false }));
    const router = renderRoute('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/has-superadmin');
  });
});

describe('register gate', () => {
  it('sends a visitor from /register to /login once a superadmin exists', async () => {
    const router = renderRoute('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('opens first-time setup while no superadmin exists', async () => {
    markSetupNeeded();
    renderRoute('/register');
    expect(await screen.findByText('First-Time Setup')).toBeInTheDocument();
  });
});
