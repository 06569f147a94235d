import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import {
  sampleBusinessStatsResponse,
  sampleDashboard,
} from '@/features/dashboard/components/dashboard-test-data';
import { readLastDashboardRefresh } from '@/features/dashboard/lib/last-dashboard-refresh';
import { breakers } from '@/lib/breaker';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

const dashboardPath = 'GET /api/clients/dashboard';

function dashboardCalls(calls: { path: string }[]) {
  return calls.filter((call) => call.path === '/api/clients/dashboard');
}

function renderDashboard() {
  signInAs(testUsers.superadmin);
  renderScreen(<DashboardPage />);
}

beforeEach(() => breakers.resetAll());

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe('DashboardPage while loading', () => {
  it('shows two skeleton cards and a Refreshing... button', async () => {
    stubApi({ [dashboardPath]: () => new Promise<Response>(() => {}) });
    renderDashboard();
    expect(await screen.findAllByTestId('dashboard-skeleton-card')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Refreshing...' })).toBeDisabled();
  });
});

describe('DashboardPage with data', () => {
  it('shows the summary cards with this month, bound count and trend', async () => {
    stubApi({ [dashboardPath]: () => jsonResponse(sampleDashboard()) });
    renderDashboard();

    const clients = await screen.findByRole('group', { name: 'Total Clients' });
    expect(within(clients).getByText('12')).toBeInTheDocument();
    expect(within(clients).getByText('+3 this month')).toBeInTheDocument();
    expect(within(clients).getByText('+20.0%')).toBeInTheDocument();
    const licences = screen.getByRole('group', { name: 'Total Licences' });
    expect(within(licences).getByText('40')).toBeInTheDocument();
    expect(within(licences).getByText('25 bound')).toBeInTheDocument();
    expect(within(licences).getByText('0.0%')).toBeInTheDocument();
  });

  it('shows each licence activity tile with its summary number, and the totals', async () => {
    stubApi({ [dashboardPath]: () => jsonResponse(sampleDashboard()) });
    renderDashboard();

    const tiles = {
      'Active Now': '7',
      'Recently Inactive': '6',
      'Long-term Inactive': '5',
      'Non Activated Licence': '11',
      'Expired Licences': '9',
    };
    for (const [title, count] of Object.entries(tiles)) {
      const tile = await screen.findByRole('listitem', { name: title });
      expect(within(tile).getByText(count), title).toBeInTheDocument();
    }
    const totals = {
      'Total Licences': '40',
      'Bound to Devices': '25',
      Available: '15',
      Expired: '9',
    };
    for (const [label, count] of Object.entries(totals)) {
      // The summary card above is titled 'Total Licences' too: read the overview's own terms.
      const term = screen.getByText(label, { selector: 'dt' });
      expect(term.nextElementSibling, label).toHaveTextContent(count);
    }
    expect(screen.getByText('Last updated: 2 minutes ago')).toBeInTheDocument();
  });

  it('shows the keys an unpaid invoice restricts and suspends beside the totals', async () => {
    const standing = { restricted: 4, suspended: 2 };
    stubApi({
      [dashboardPath]: () => jsonResponse(sampleDashboard({ licenceStanding: standing })),
    });
    renderDashboard();
    const restricted = await screen.findByText('Restricted (unpaid)', { selector: 'dt' });
    expect(restricted.nextElementSibling).toHaveTextContent('4');
    const suspended = screen.getByText('Suspended (unpaid)', { selector: 'dt' });
    expect(suspended.nextElementSibling).toHaveTextContent('2');
  });

  it("says 'Never' when no device has reported", async () => {
    const dashboard = sampleDashboard();
    dashboard.licenseActivity.lastUpdated = null;
    stubApi({ [dashboardPath]: () => jsonResponse(dashboard) });
    renderDashboard();
    expect(await screen.findByText('Last updated: Never')).toBeInTheDocument();
  });

  it('shows system health and the quick stats', async () => {
    const dashboard = sampleDashboard();
    dashboard.systemHealth.components.database.status = 'disconnected';
    stubApi({ [dashboardPath]: () => jsonResponse(dashboard) });
    renderDashboard();

    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    expect(screen.getByText('Database').nextElementSibling).toHaveTextContent('Disconnected');
    expect(screen.getByText('Security').nextElementSibling).toHaveTextContent('Active');
    expect(screen.getByText('API Status').nextElementSibling).toHaveTextContent('Operational');
    expect(screen.getByText('Admins').nextElementSibling).toHaveTextContent('4');
    expect(screen.getByText('Clients').nextElementSibling).toHaveTextContent('12');
  });

  it('lists 8 of the recent activities with their time and company badge', async () => {
    stubApi({ [dashboardPath]: () => jsonResponse(sampleDashboard()) });
    renderDashboard();

    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    expect(
      within(items[0]).getByText(/bound to device MPDID-ABCDEF123456-Gate/),
    ).toBeInTheDocument();
    expect(within(items[0]).getByText('Licence bound')).toBeInTheDocument();
    expect(within(items[0]).getByText('3 minutes ago')).toBeInTheDocument();
    expect(within(items[0]).getByText('Acme 1 Sdn Bhd')).toBeInTheDocument();
    expect(screen.queryByText('Event number 9')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View System' })).toHaveAttribute(
      'href',
      '/system-status',
    );
  });

  it('lists the recent clients, each row linking to the client', async () => {
    stubApi({ [dashboardPath]: () => jsonResponse(sampleDashboard()) });
    renderDashboard();

    const list = await screen.findByRole('list', { name: 'Recent clients' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveAttribute('href', '/clients/ACME-1');
    expect(rows[0]).toHaveTextContent('Acme 1 Sdn Bhd');
    expect(rows[0]).toHaveTextContent('Created 02/03/2026');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[0]).toHaveTextContent('2 licences');
    expect(rows[1]).toHaveTextContent('Inactive');
    expect(rows[1]).toHaveTextContent('1 licence');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/clients');
  });

  it('shows Business Performance from the business stats and the dashboard', async () => {
    stubApi({
      [dashboardPath]: () => jsonResponse(sampleDashboard()),
      'GET /api/business/dashboard-stats': () => jsonResponse(sampleBusinessStatsResponse()),
    });
    renderDashboard();
    const figure = async (name: string) => within(await screen.findByRole('group', { name }));
    expect((await figure('Total Revenue')).getByText('RM 12,000.00')).toBeInTheDocument();
    expect((await figure('This Month')).getByText('RM 3,000.00')).toBeInTheDocument();
    expect((await figure('Avg per Invoice')).getByText('RM 1,500.00')).toBeInTheDocument();
    expect((await figure('Avg per Client')).getByText('RM 1,000.00')).toBeInTheDocument();
    expect((await figure('Paid Invoices')).getByText('6')).toBeInTheDocument();
    expect((await figure('Payment Success Rate')).getByText('75.0%')).toBeInTheDocument();
  });

  it('shows no revenue to a role refused Reports (sales), only the counts', async () => {
    // As the API answers sales: no revenue and no financial overview.
    const withoutMoney = sampleBusinessStatsResponse();
    stubApi({
      [dashboardPath]: () => jsonResponse(sampleDashboard()),
      'GET /api/business/dashboard-stats': () =>
        jsonResponse({
          ...withoutMoney,
          stats: { ...withoutMoney.stats, revenue: null, financial: null },
        }),
    });
    signInAs(testUsers.sales);
    renderScreen(<DashboardPage />);
    expect(await screen.findByRole('group', { name: 'Paid Invoices' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Revenue Metrics' })).not.toBeInTheDocument();
    expect(screen.queryByText('RM 12,000.00')).not.toBeInTheDocument();
  });

  it('offers a retry when the business stats cannot be loaded', async () => {
    stubApi({
      [dashboardPath]: () => jsonResponse(sampleDashboard()),
      'GET /api/business/dashboard-stats': () =>
        jsonResponse({ success: false, message: 'Down' }, 503),
    });
    renderDashboard();
    expect(await screen.findByText('The billing figures could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('DashboardPage empty states', () => {
  it("shows 'No Recent Activity' and 'No Clients Yet' with Add Client", async () => {
    stubApi({
      [dashboardPath]: () =>
        jsonResponse(sampleDashboard({ recentActivity: [], recentClients: [] })),
    });
    renderDashboard();

    expect(await screen.findByText('No Recent Activity')).toBeInTheDocument();
    expect(screen.getByText('No Clients Yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Client' })).toHaveAttribute(
      'href',
      '/clients/add',
    );
  });

  it('offers Add Client only to users who may create clients', async () => {
    stubApi({
      [dashboardPath]: () =>
        jsonResponse(sampleDashboard({ recentActivity: [], recentClients: [] })),
    });
    signInAs({ ...testUsers.sales, permissions: ['dashboard.view'] });
    renderScreen(<DashboardPage />);

    expect(await screen.findByText('No Clients Yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View System' })).not.toBeInTheDocument();
  });
});

describe('DashboardPage refresh', () => {
  it('ignores a manual refresh within 1 s of the last with Refresh rate limited', async () => {
    const calls = stubApi({ [dashboardPath]: () => jsonResponse(sampleDashboard()) });
    renderDashboard();
    await screen.findByRole('group', { name: 'Total Clients' });
    expect(readLastDashboardRefresh()).toBeGreaterThan(Date.now() - 5_000);

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Refresh rate limited')).toBeInTheDocument();
    expect(dashboardCalls(calls)).toHaveLength(1);
  });

  it('refreshes once the last refresh is more than 1 s old', async () => {
    const calls = stubApi({ [dashboardPath]: () => jsonResponse(sampleDashboard()) });
    renderDashboard();
    await screen.findByRole('group', { name: 'Total Clients' });
    localStorage.setItem('last_dashboard_refresh', String(Date.now() - 2_000));
    // The dashboard breaker's own 5 s spacing (tested with the breaker) would delay the call.
    breakers.get('dashboard').reset();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(dashboardCalls(calls)).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(screen.queryByText('Refresh rate limited')).not.toBeInTheDocument();
  });
});

describe('DashboardPage errors', () => {
  it('shows the error card and opens the dialog with the high-load hint on a 429', async () => {
    stubApi({
      [dashboardPath]: () =>
        jsonResponse(
          {
            success: false,
            error: 'RATE_LIMITED',
            message: 'Too many requests. Please wait a moment before trying again.',
          },
          429,
        ),
    });
    renderDashboard();

    // The open dialog hides the rest of the page from the accessibility tree.
    const card = await screen.findByRole('alert', { hidden: true });
    expect(within(card).getByText('Dashboard Error')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Try Again', hidden: true }),
    ).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Dashboard Error' });
    expect(within(dialog).getByTestId('error-hint')).toHaveTextContent(
      'The server is currently experiencing high load. Please wait a moment before retrying.',
    );
    expect(
      within(dialog).getByText(
        'This will reset all service protection and allow immediate retry attempts.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Healthy services').nextElementSibling).toHaveTextContent('1');
    expect(within(dialog).getByText('Degraded services').nextElementSibling).toHaveTextContent('0');
    const affected = within(dialog).getByRole('list', { name: 'Affected services' });
    expect(affected).toHaveTextContent('Dashboard');
    expect(affected).toHaveTextContent('CLOSED');
    expect(affected).toHaveTextContent('1 failure');
  });

  it('gives the connection hint when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed')));
    renderDashboard();
    const dialog = await screen.findByRole('dialog', { name: 'Dashboard Error' });
    expect(
      within(dialog).getByText('Network connection failed. Please check your internet connection.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('error-hint')).toHaveTextContent(
      'Please check your internet connection and try again.',
    );
  });

  it("treats success false as an error, with the server's message or the fallback", async () => {
    stubApi({ [dashboardPath]: () => jsonResponse({ success: false }) });
    renderDashboard();
    const dialog = await screen.findByRole('dialog', { name: 'Dashboard Error' });
    expect(within(dialog).getByText('Dashboard temporarily unavailable')).toBeInTheDocument();
    expect(within(dialog).getByTestId('error-hint')).toHaveTextContent(
      'This may be a temporary issue. Try refreshing the page or contact support if the problem persists.',
    );
  });

  it('counts an open breaker as degraded and answers with the fallback without calling', async () => {
    const breaker = breakers.get('dashboard');
    const failing = () => Promise.reject(new Error('down'));
    for (const attempt of ['first', 'second', 'third']) {
      await breaker.execute(failing, { fallback: () => null, throttleKey: attempt }).catch(() => {
        // Each failure is counted by the breaker; the rejection itself is expected.
      });
    }
    const calls = stubApi({ [dashboardPath]: () => jsonResponse(sampleDashboard()) });
    renderDashboard();

    const dialog = await screen.findByRole('dialog', { name: 'Dashboard Error' });
    expect(within(dialog).getByText('Dashboard temporarily unavailable')).toBeInTheDocument();
    expect(within(dialog).getByText(/Service protection allows a retry at/)).toBeInTheDocument();
    expect(within(dialog).getByText('Degraded services').nextElementSibling).toHaveTextContent('1');
    expect(within(dialog).getByRole('list', { name: 'Affected services' })).toHaveTextContent(
      'OPEN',
    );
    expect(dashboardCalls(calls)).toHaveLength(0);
  });

  it('resets service protection, then Retry loads the dashboard and closes the dialog', async () => {
    let failing = true;
    const calls = stubApi({
      [dashboardPath]: () =>
        failing
          ? jsonResponse({ success: false, error: 'INTERNAL_ERROR', message: 'Boom' }, 500)
          : jsonResponse(sampleDashboard()),
    });
    renderDashboard();
    const dialog = await screen.findByRole('dialog', { name: 'Dashboard Error' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Protection' }));
    expect(
      within(dialog).queryByRole('list', { name: 'Affected services' }),
    ).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('group', { name: 'Total Clients' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(dashboardCalls(calls)).toHaveLength(2);
  });

  it('closes the dialog but keeps the error card, which can reopen it', async () => {
    stubApi({
      [dashboardPath]: () =>
        jsonResponse({ success: false, error: 'INTERNAL_ERROR', message: 'Boom' }, 500),
    });
    renderDashboard();
    const dialog = await screen.findByRole('dialog', { name: 'Dashboard Error' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Boom');

    await userEvent.click(screen.getByRole('button', { name: 'Show Details' }));
    expect(await screen.findByRole('dialog', { name: 'Dashboard Error' })).toBeInTheDocument();
  });
});
