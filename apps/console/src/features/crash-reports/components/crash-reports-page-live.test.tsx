import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrashReportsPage } from '@/features/crash-reports/components/crash-reports-page';
import {
  listCalls,
  reportsPage,
  sampleReports,
} from '@/features/crash-reports/components/crash-reports-test-data';
import { renderScreen, stubApi, type FakeCall } from '@/test/fake-api';
import { latestSocket, sockets } from '@/test/fake-socket';
import { signInAs, testUsers } from '@/test/test-utils';

// Live updates of the crash reports page: the timed re-read and reports pushed over the socket.

// The console's socket, played by the test: the realtime provider loads socket.io-client lazily.
vi.mock('socket.io-client', async () => ({ io: (await import('@/test/fake-socket')).fakeIo }));

const { crash, debug } = sampleReports;

/** The query of the last report list call. */
function lastListQuery(calls: FakeCall[]): Record<string, string> {
  const call = calls.filter((entry) => entry.path === '/api/crash-reports').at(-1);
  return Object.fromEntries(call?.url.searchParams ?? []);
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

describe('CrashReportsPage live updates', () => {
  it('re-reads page 1 every 30 s, and never a later page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({
      'GET /api/crash-reports': ({ url }) =>
        reportsPage([crash], { totalCount: 45, page: Number(url.searchParams.get('page')) || 1 }),
    });
    renderScreen(<CrashReportsPage />, '/crash-report');
    await screen.findByRole('button', { name: crash.title });
    expect(listCalls(calls)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(29_000);
    expect(listCalls(calls)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(listCalls(calls)).toHaveLength(2);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ page: '2' }));
    const afterPaging = listCalls(calls).length;
    await vi.advanceTimersByTimeAsync(65_000);
    expect(listCalls(calls)).toHaveLength(afterPaging);
  });

  it('stops re-reading when auto-refresh is switched off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({ 'GET /api/crash-reports': () => reportsPage([crash]) });
    renderScreen(<CrashReportsPage />, '/crash-report');
    await screen.findByRole('button', { name: crash.title });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await user.click(screen.getByRole('switch', { name: /Auto-refresh/ }));
    await vi.advanceTimersByTimeAsync(65_000);
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('refreshes page 1 and raises a destructive toast when a critical report arrives live', async () => {
    const calls = stubApi({ 'GET /api/crash-reports': () => reportsPage([crash]) });
    renderScreen(<CrashReportsPage />, '/crash-report');
    await screen.findByRole('button', { name: crash.title });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    latestSocket().fire('connect');

    latestSocket().serverEmit('newCrashReport', {
      id: debug.id,
      title: 'Sync queue stuck',
      severity: 'low',
      reportType: 'debug',
    });
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(screen.queryByText('Critical crash report')).not.toBeInTheDocument();

    latestSocket().serverEmit('newCrashReport', {
      id: crash.id,
      title: 'Scanner crashed on tag read',
      severity: 'critical',
      reportType: 'automatic',
    });
    const toastTitle = await screen.findByText('Critical crash report');
    const toastItem = toastTitle.closest('[data-sonner-toast]')!;
    expect(toastItem).toHaveAttribute('data-type', 'error');
    expect(toastItem).toHaveTextContent('Scanner crashed on tag read');
    // The toast links to its report.
    expect(
      within(toastItem as HTMLElement).getByRole('button', { name: 'View report' }),
    ).toBeVisible();
    await waitFor(() => expect(listCalls(calls)).toHaveLength(3));
  });
});
