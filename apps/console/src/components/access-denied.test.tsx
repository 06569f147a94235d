import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccessDenied } from '@/components/access-denied';
import { AuthProvider } from '@/lib/auth';
import type { StoredUser } from '@/lib/session-storage';
import { signInAs, testUsers } from '@/test/test-utils';

function renderDenied(user: StoredUser, required: string[], mode: 'any' | 'all') {
  signInAs(user);
  render(
    <AuthProvider>
      <AccessDenied required={required} mode={mode} />
    </AuthProvider>,
  );
}

function section(name: RegExp) {
  return screen.getByRole('region', { name });
}

describe('AccessDenied', () => {
  it('lists the required permissions labelled ALL and the user’s effective permissions', () => {
    renderDenied(
      {
        role: 'sales',
        permissions: ['dashboard.view', 'clients.view', 'quotations.view'],
        customPermissions: { granted: ['reports.view'], denied: ['clients.view'] },
      },
      ['quotations.view', 'invoices.view'],
      'all',
    );

    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
    const required = section(/Required permissions \(ALL\)/);
    expect(within(required).getByText('View quotations')).toBeInTheDocument();
    expect(within(required).getByText('View invoices')).toBeInTheDocument();
    // Never the raw keys.
    expect(screen.queryByText(/\w\.view/)).not.toBeInTheDocument();

    const own = within(section(/Your permissions/))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(own).toEqual(['View dashboard', 'View quotations', 'View reports']);
  });

  it("labels a route that needs any permission ANY and says 'None' for a user without any", () => {
    renderDenied({ role: 'sales', permissions: [] }, ['users.view'], 'any');
    expect(section(/Required permissions \(ANY\)/)).toHaveTextContent('View users');
    expect(within(section(/Your permissions/)).getByText('None')).toBeInTheDocument();
  });

  it('shows that a superadmin holds all permissions', () => {
    renderDenied(testUsers.superadmin, ['users.view'], 'any');
    expect(within(section(/Your permissions/)).getByText('All permissions')).toBeInTheDocument();
  });
});
