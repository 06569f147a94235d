import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Sidebar } from '@/app/layout/sidebar';
import { AuthProvider } from '@/lib/auth';
import type { StoredUser } from '@/lib/session-storage';
import { stubApi } from '@/test/fake-api';
import { createTestQueryClient, jsonResponse, signInAs, testUsers } from '@/test/test-utils';

function renderSidebar(user: StoredUser, path = '/', logo: { url: string } | null = null) {
  stubApi({
    'GET /api/settings': () =>
      jsonResponse({ success: true, settings: { companyName: 'P', logo } }),
  });
  signInAs(user);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/login" element={<p>Login screen</p>} />
            <Route path="*" element={<Sidebar />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

function menuLabels(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('Sidebar', () => {
  it('shows a superadmin every menu item', () => {
    renderSidebar(testUsers.superadmin);
    expect(menuLabels()).toEqual([
      'Dashboard',
      'Clients',
      'Licences',
      'Billing',
      'User Management',
      'Settings',
      'Audit Trail',
      'Crash & Debug Reports',
      'Over The Air Update (OTA)',
      'System',
    ]);
  });

  it('shows a sales user only the items their role permits', () => {
    renderSidebar(testUsers.sales);
    // The audit trail opens for any permission that shows an audited entity (clients, products,
    // quotations for sales), and then shows only those entities' changes.
    expect(menuLabels()).toEqual(['Dashboard', 'Clients', 'Licences', 'Billing', 'Audit Trail']);
  });

  it('hides Billing unless the user holds both quotations.view and invoices.view', () => {
    renderSidebar({
      ...testUsers.sales,
      customPermissions: { granted: [], denied: ['invoices.view'] },
    });
    expect(menuLabels()).not.toContain('Billing');
    expect(menuLabels()).toContain('Licences');
  });

  it('shows an item granted by an override', () => {
    renderSidebar({
      ...testUsers.sales,
      customPermissions: { granted: ['system.view'], denied: [] },
    });
    expect(menuLabels()).toContain('System');
  });

  it('marks the item whose path prefixes the current path', () => {
    renderSidebar(testUsers.superadmin, '/clients/edit/ACME01');
    expect(screen.getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('shows initials, name and role label, falling back to the username', () => {
    renderSidebar({ ...testUsers.sales, fullName: '' });
    expect(screen.getByText('sam')).toBeInTheDocument();
    expect(screen.getByText('S')).toBeInTheDocument();
    expect(screen.getByText('Sales Staff')).toBeInTheDocument();
  });

  it("falls back to 'Admin User' when the user has no name", () => {
    renderSidebar({ role: 'superadmin' });
    expect(screen.getByText('Admin User')).toBeInTheDocument();
    expect(screen.getByText('AU')).toBeInTheDocument();
    expect(screen.getByText('Super Administrator')).toBeInTheDocument();
  });

  it('signs out: clears the stored session and goes to /login', async () => {
    renderSidebar(testUsers.superadmin);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(screen.getByText('Login screen')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("shows the company's uploaded logo in the header", async () => {
    renderSidebar(testUsers.superadmin, '/', { url: '/api/settings/logo/file?v=abc' });
    await waitFor(() =>
      expect(document.querySelector('img')).toHaveAttribute('src', '/api/settings/logo/file?v=abc'),
    );
  });

  it('keeps the logo in proportion: a fixed height, its own width, contained', async () => {
    renderSidebar(testUsers.superadmin, '/', { url: '/api/settings/logo/file?v=wide' });
    await waitFor(() => expect(document.querySelector('img')).not.toBeNull());
    const logo = document.querySelector('img')!;
    expect(logo).toHaveClass('h-8', 'w-auto', 'object-contain');
    expect(logo).not.toHaveClass('size-8');
  });
});
