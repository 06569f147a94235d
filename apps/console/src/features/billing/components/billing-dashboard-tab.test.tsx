import { roleTemplates } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';
import { moneyHiddenNote } from './billing-dashboard-content';
import { BillingDashboardTab } from './billing-dashboard-tab';
import { billingStats } from './billing-test-data';

const statsPath = 'GET /api/business/dashboard-stats';
const accounts = { ...testUsers.sales, role: 'accounts', permissions: roleTemplates.accounts };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('BillingDashboardTab', () => {
  it('shows the counts, the money figures and the recent documents to a user with reports.view', async () => {
    stubApi({ [statsPath]: () => jsonResponse({ success: true, stats: billingStats() }) });
    signInAs(accounts);
    renderScreen(<BillingDashboardTab />);
    const revenue = await screen.findByRole('group', { name: 'Total Revenue' });
    expect(revenue).toHaveTextContent('RM 50,000.00');
    expect(screen.getByRole('group', { name: 'Collected Amount' })).toHaveTextContent(
      '75.0% collection rate',
    );
    expect(screen.getByText('5 pending · 4 approved')).toBeInTheDocument();
    expect(screen.getByText('50.0% of target')).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent quotations' });
    expect(within(recent).getByText('QUO-MP-2026-000001')).toBeInTheDocument();
    expect(screen.queryByText(moneyHiddenNote)).not.toBeInTheDocument();
  });

  it('shows counts but no revenue or collections to a role refused reports', async () => {
    stubApi({ [statsPath]: () => jsonResponse({ success: true, stats: billingStats() }) });
    signInAs(testUsers.sales);
    renderScreen(<BillingDashboardTab />);
    expect(await screen.findByText(moneyHiddenNote)).toBeInTheDocument();
    expect(screen.getByText('5 pending · 4 approved')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Total Revenue' })).not.toBeInTheDocument();
    expect(screen.queryByText('Revenue Trends')).not.toBeInTheDocument();
  });

  it("says the server's refusal and loads the figures again from Try Again", async () => {
    let calls = 0;
    stubApi({
      [statsPath]: () =>
        ++calls === 1
          ? jsonResponse(
              { success: false, error: 'SERVICE_UNAVAILABLE', message: 'The database is busy' },
              503,
            )
          : jsonResponse({ success: true, stats: billingStats() }),
    });
    signInAs(accounts);
    renderScreen(<BillingDashboardTab />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is busy');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('group', { name: 'Total Revenue' })).toBeInTheDocument();
  });

  it('offers the auto-refresh interval only once auto-refresh is on', async () => {
    stubApi({ [statsPath]: () => jsonResponse({ success: true, stats: billingStats() }) });
    signInAs(accounts);
    renderScreen(<BillingDashboardTab />);
    const interval = screen.getByRole('combobox', { name: 'Auto-refresh interval' });
    expect(interval).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Auto-refresh' }));
    expect(screen.getByRole('switch', { name: 'Auto-refresh' })).toBeChecked();
    expect(interval).toBeEnabled();
  });
});
