import { roleTemplates } from '@patrol/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { signInAs, testUsers } from '@/test/test-utils';
import { BillingPage } from './billing-page';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('BillingPage tabs', () => {
  it('has no Reports tab for a role without reports.view, even from a link to it', () => {
    stubApi({});
    signInAs({
      ...testUsers.sales,
      permissions: roleTemplates.sales.filter((p) => p !== 'reports.view'),
    });
    renderScreen(<BillingPage />, '/billing?tab=reports');
    expect(screen.getByRole('tab', { name: 'Invoices' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Reports' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the Reports tab with reports.view', () => {
    stubApi({});
    signInAs({ ...testUsers.sales, role: 'accounts', permissions: roleTemplates.accounts });
    renderScreen(<BillingPage />);
    expect(screen.getByRole('tab', { name: 'Reports' })).toBeInTheDocument();
  });
});
