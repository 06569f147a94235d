import type { CrashStatus } from '@patrol/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrashReportsPage } from '@/features/crash-reports/components/crash-reports-page';
import {
  filterOptions,
  groupDetail,
  groupsPage,
  reportsPage,
  sampleGroup,
  sampleReports,
} from '@/features/crash-reports/components/crash-reports-test-data';
import { renderScreen, stubApi, type FakeCall } from '@/test/fake-api';
import { sockets } from '@/test/fake-socket';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

// The console's socket, played by the test: the realtime provider loads socket.io-client lazily.
vi.mock('socket.io-client', async () => ({ io: (await import('@/test/fake-socket')).fakeIo }));

const { crash, debug } = sampleReports;

/** The query of the last report list call. */
function lastListQuery(calls: FakeCall[]): Record<string, string> {
  const call = calls.filter((entry) => entry.path === '/api/crash-reports').at(-1);
  return Object.fromEntries(call?.url.searchParams ?? []);
}

/** jsdom's Blob has no text(): read it the way a browser of old would. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

beforeEach(() => {
  signInAs(testUsers.superadmin);
  sockets.length = 0;
});
afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CrashReportsPage', () => {
  it("says 'more than' when the server stopped counting the matches", async () => {
    stubApi({
      'GET /api/crash-reports': () =>
        reportsPage([crash, debug], { totalCount: 1020, totalCountCapped: true }),
      'GET /api/crash-reports/filter-options': filterOptions,
    });
    renderScreen(<CrashReportsPage />, '/crash-report');
    expect(await screen.findByText('more than 1,020 reports')).toBeInTheDocument();
    expect(screen.getByText(/Page 1 of\s+more than/)).toBeInTheDocument();
  });

  it('shows the statistics and the reports with the display rules of spec 2', async () => {
    const calls = stubApi({
      'GET /api/crash-reports': () => reportsPage([crash, debug]),
      'GET /api/crash-reports/filter-options': filterOptions,
    });
    renderScreen(<CrashReportsPage />, '/crash-report');

    const crashRow = (await screen.findByRole('button', { name: crash.title })).closest('tr')!;
    expect(within(screen.getByRole('group', { name: 'Total Reports' })).getByText('1,234'));
    expect(within(screen.getByRole('group', { name: 'New Reports' })).getByText('56'));
    expect(within(screen.getByRole('group', { name: 'Resolved' })).getByText('78'));
    expect(within(screen.getByRole('group', { name: 'Critical' })).getByText('9'));
    expect(screen.getByText('2 reports')).toBeInTheDocument();

    expect(within(crashRow).getByText('3f2a9c1e')).toBeInTheDocument();
    expect(within(crashRow).getByText('Critical')).toHaveAttribute('data-variant', 'destructive');
    expect(within(crashRow).getByText('Samsung SM-A515F')).toBeInTheDocument();
    expect(within(crashRow).getByText('24/11/2026, 09:30')).toBeInTheDocument();

    const debugRow = screen.getByRole('button', { name: debug.title }).closest('tr')!;
    expect(within(debugRow).getByText('9c8b7a65')).toBeInTheDocument();
    expect(within(debugRow).getByText('Invalid Date')).toBeInTheDocument();
    // No error message, device or app version: each says N/A.
    expect(within(debugRow).getAllByText('N/A')).toHaveLength(4);
    expect(within(debugRow).getByText('Debug')).toBeInTheDocument();

    // The spec's defaults: page 1 of 20, newest first, no filter (All Reports sends no type).
    expect(lastListQuery(calls)).toEqual({
      page: '1',
      limit: '20',
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
  });

  it('says so when no report matches', async () => {
    stubApi({ 'GET /api/crash-reports': () => reportsPage([]) });
    renderScreen(<CrashReportsPage />, '/crash-report');
    expect(await screen.findByText('No crash reports found')).toBeInTheDocument();
  });

  it('sends the tab, filters, search and sort, and keeps them in the URL', async () => {
    const calls = stubApi({
      'GET /api/crash-reports': () => reportsPage([crash]),
      'GET /api/crash-reports/filter-options': filterOptions,
    });
    renderScreen(<CrashReportsPage />, '/crash-report');
    await screen.findByRole('button', { name: crash.title });

    await userEvent.click(screen.getByRole('tab', { name: 'Debug Reports' }));
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ reportType: 'debug' }));

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Resolved');
    await userEvent.selectOptions(screen.getByLabelText('Severity'), 'High');
    await userEvent.selectOptions(await screen.findByLabelText('Platform'), 'ios');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('Search crash reports'), 'scan');
    await waitFor(() =>
      expect(lastListQuery(calls)).toEqual({
        reportType: 'debug',
        status: 'resolved',
        severity: 'high',
        platform: 'ios',
        dateFrom: '2026-11-01',
        search: 'scan',
        page: '1',
        limit: '20',
        sortBy: 'createdAt',
        sortOrder: 'desc',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() =>
      expect(lastListQuery(calls)).toMatchObject({ sortBy: 'title', sortOrder: 'asc' }),
    );

    await userEvent.click(screen.getByRole('tab', { name: 'All Reports' }));
    await waitFor(() => expect(lastListQuery(calls)).not.toHaveProperty('reportType'));
    expect(lastListQuery(calls)).toMatchObject({ status: 'resolved', search: 'scan' });
  });

  it('reads its filters from the URL (Back and reload restore the view)', async () => {
    const calls = stubApi({ 'GET /api/crash-reports': () => reportsPage([crash], { page: 2 }) });
    renderScreen(
      <CrashReportsPage />,
      '/crash-report?reportType=crashes&severity=critical&appVersion=2.4.1&companyId=ACME-1&page=2',
    );
    await screen.findByRole('button', { name: crash.title });
    expect(lastListQuery(calls)).toMatchObject({
      reportType: 'crashes',
      severity: 'critical',
      appVersion: '2.4.1',
      companyId: 'ACME-1',
      page: '2',
    });
    expect(screen.getByRole('tab', { name: 'Crash Reports' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText('Company ID')).toHaveValue('ACME-1');
  });

  it('changes a status from the popover at once, and puts it back when the server refuses', async () => {
    let stored: CrashStatus = 'new';
    let answer: (response: Response) => void = () => {};
    const calls = stubApi({
      'GET /api/crash-reports': () => reportsPage([{ ...crash, status: stored }]),
      [`PUT /api/crash-reports/${crash.id}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderScreen(<CrashReportsPage />, '/crash-report');

    await userEvent.click(await screen.findByRole('button', { name: /^Status: New\./ }));
    const options = await screen.findAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual([
      'New',
      'Investigating',
      'In Progress',
      'Resolved',
      'Closed',
      'Duplicate',
    ]);
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Resolved' }));
    // Shown before the server answers.
    expect(await screen.findByRole('button', { name: /^Status: Resolved\./ })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'resolved' });
    stored = 'resolved';
    answer(
      jsonResponse({
        success: true,
        message: 'Crash report updated successfully',
        data: { ...crash, status: 'resolved' },
      }),
    );
    expect(await screen.findByText('Crash report updated successfully')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^Status: Resolved\./ }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Closed' }));
    expect(await screen.findByRole('button', { name: /^Status: Closed\./ })).toBeInTheDocument();
    answer(jsonResponse({ success: false, error: 'INTERNAL_ERROR', message: 'Boom' }, 500));
    expect(await screen.findByText('Failed to update crash report')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Status: Resolved\./ })).toBeInTheDocument();
  });

  it('shows the status without the popover to someone who may only view reports', async () => {
    signInAs({ ...testUsers.sales, role: 'manager', permissions: ['settings.view'] });
    stubApi({ 'GET /api/crash-reports': () => reportsPage([crash]) });
    renderScreen(<CrashReportsPage />, '/crash-report');
    const row = (await screen.findByRole('button', { name: crash.title })).closest('tr')!;
    expect(within(row).getByText('New')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Status:/ })).not.toBeInTheDocument();
  });

  it('opens the details with every diagnostic, and copies and downloads the data as JSON', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = stubApi({
      'GET /api/crash-reports': () => reportsPage([crash]),
      [`GET /api/crash-reports/${crash.id}`]: () => jsonResponse({ success: true, data: crash }),
    });
    const user = userEvent.setup();
    renderScreen(<CrashReportsPage />, '/crash-report');
    await user.click(await screen.findByRole('button', { name: `View details of ${crash.title}` }));

    const dialog = await screen.findByRole('dialog', { name: crash.title });
    expect(calls.some((call) => call.path === `/api/crash-reports/${crash.id}`)).toBe(true);
    const device = within(dialog).getByRole('region', { name: 'Device' });
    expect(within(device).getByText('1.5 GB')).toBeInTheDocument();
    expect(within(device).getByText('4.0 GB')).toBeInTheDocument();
    expect(within(device).getByText('12.3 GB')).toBeInTheDocument();
    expect(within(device).getByText('Invalid')).toBeInTheDocument();
    const app = within(dialog).getByRole('region', { name: 'App' });
    expect(within(app).getByText('Invalid Date')).toBeInTheDocument();
    const scores = within(dialog).getByRole('region', { name: 'Scores' });
    expect(within(scores).getByText('85')).toHaveAttribute('data-variant', 'success');
    expect(within(scores).getByText('42')).toHaveAttribute('data-variant', 'danger');

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(crash);

    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Downloaded')).toBeInTheDocument();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'crash-report-3f2a9c1e.json',
    );
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await readBlob(blob))).toEqual(crash);
  });

  it('says when the details cannot be read again, showing the row meanwhile', async () => {
    stubApi({ 'GET /api/crash-reports': () => reportsPage([debug]) });
    renderScreen(<CrashReportsPage />, '/crash-report');
    await userEvent.click(await screen.findByRole('button', { name: debug.title }));
    expect(await screen.findByText('Failed to fetch crash report details')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: debug.title });
    expect(within(dialog).getByRole('region', { name: 'Device' })).toHaveTextContent('BatteryN/A');
  });

  it('shows the error with Try Again when the list cannot be read', async () => {
    let fail = true;
    stubApi({
      'GET /api/crash-reports': () =>
        fail
          ? jsonResponse({ success: false, error: 'INTERNAL_ERROR', message: 'Server error' }, 500)
          : reportsPage([crash]),
    });
    renderScreen(<CrashReportsPage />, '/crash-report');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch crash reports');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: crash.title })).toBeInTheDocument();
  });

  it("shows each report's client by name", async () => {
    stubApi({
      'GET /api/crash-reports': () =>
        reportsPage([{ ...crash, companyId: 'ACME', companyName: 'Acme Guarding Sdn Bhd' }]),
    });
    renderScreen(<CrashReportsPage />, '/crash-report');
    const title = await screen.findByRole('button', { name: crash.title });
    expect(title.closest('tr')).toHaveTextContent('Client: Acme Guarding Sdn Bhd');
  });

  it('opens the report a link names (?report=), as the critical toast links', async () => {
    stubApi({
      'GET /api/crash-reports': () => reportsPage([crash]),
      [`GET /api/crash-reports/${crash.id}`]: () => jsonResponse({ success: true, data: crash }),
    });
    renderScreen(<CrashReportsPage />, `/crash-report?report=${crash.id}`);
    expect(await screen.findByRole('dialog')).toHaveTextContent(crash.title);
  });

  it('gathers reports into groups, and opens a group and its reports', async () => {
    const calls = stubApi({
      'GET /api/crash-reports': () => reportsPage([crash]),
      'GET /api/crash-reports/groups': () => groupsPage([sampleGroup]),
      'GET /api/crash-reports/statistics': () =>
        jsonResponse({
          success: true,
          data: { totalReports: 5, newReports: 1, resolvedReports: 2, criticalReports: 3 },
        }),
      [`GET /api/crash-reports/groups/${sampleGroup.fingerprint}`]: () => groupDetail(sampleGroup),
    });
    renderScreen(<CrashReportsPage />, '/crash-report?reportType=crashes');
    await screen.findByRole('button', { name: crash.title });
    await userEvent.click(screen.getByRole('button', { name: 'Groups' }));

    const row = (await screen.findByRole('button', { name: sampleGroup.title })).closest('tr')!;
    expect(within(row).getByText('412')).toBeInTheDocument();
    expect(within(row).getByText('37')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026, 09:00')).toBeInTheDocument();
    expect(within(row).getByText('+2 more')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Critical' })).getByText('3'));
    const groupsCall = calls.filter((call) => call.path === '/api/crash-reports/groups').at(-1)!;
    expect(Object.fromEntries(groupsCall.url.searchParams)).toMatchObject({
      reportType: 'crashes',
      sortBy: 'lastSeen',
      sortOrder: 'desc',
    });

    await userEvent.click(within(row).getByRole('button', { name: sampleGroup.title }));
    const dialog = await screen.findByRole('dialog', { name: sampleGroup.title });
    const versions = await within(dialog).findByRole('region', { name: 'By app version' });
    expect(within(versions).getByText('400')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'View Reports' }));

    await waitFor(() =>
      expect(lastListQuery(calls)).toMatchObject({ fingerprint: sampleGroup.fingerprint }),
    );
    expect(screen.getByRole('button', { name: /not only group a1b2c3d4e5f60718/ })).toBeVisible();
  });
});
