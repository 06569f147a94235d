import { otaMessages } from '@patrol/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetOtaConnection } from '@/features/ota/api/ota-request';
import { OtaPage } from '@/features/ota/components/ota-page';
import {
  callsTo,
  errorResponse,
  otaHealth,
  otaVersion,
  previousVersion,
  stubOta,
} from '@/features/ota/components/ota-test-data';
import { renderScreen } from '@/test/fake-api';
import { latestSocket, sockets } from '@/test/fake-socket';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

vi.mock('socket.io-client', async () => ({ io: (await import('@/test/fake-socket')).fakeIo }));

const versionsPath = '/api/ota/versions';
const healthPath = '/api/ota/diagnostic/health';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sockets.length = 0;
  signInAs(testUsers.superadmin);
});

afterEach(() => {
  toast.dismiss();
  resetOtaConnection();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/**
 * Moves the clock on in half-second steps: React renders the state set by timers (the first
 * health check's start) when each act() ends, as the browser would straight away.
 */
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 500) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(500, left)));
  }
}
const card = (name: string) => within(screen.getByRole('group', { name }));

async function openOta() {
  renderScreen(<OtaPage />, '/ota');
  await screen.findByRole('row', { name: /1\.1\.0/ });
}

describe('the OTA screen', () => {
  it('shows the system status, statistics, summary cards and the version history', async () => {
    const calls = stubOta();
    await openOta();
    // The first health check waits 1 s after the screen opens.
    expect(callsTo(calls, 'GET', healthPath)).toHaveLength(0);
    expect(card('API Connection').getByText('Checking...')).toBeInTheDocument();
    await advance(1_000);

    await waitFor(() => expect(card('API Connection').getByText('Operational')).toBeVisible());
    expect(card('API Connection').getByText('5h 12m')).toBeInTheDocument();
    expect(card('Database').getByText('embedded (PGlite)')).toBeInTheDocument();
    expect(card('Database').getByText('4 ms')).toBeInTheDocument();
    expect(card('File System').getByText('Yes')).toBeInTheDocument();
    expect(card('File System').getByText('2 GB')).toBeInTheDocument();
    expect(card('File System').getByText('14:05:09')).toBeInTheDocument();
    expect(card('System Statistics').getByText('android')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Circuit breaker' })).toHaveTextContent(
      'Circuit breaker: Closed (0 of 3 failures in the last 60 s)',
    );

    expect(card('Total Versions').getByText('2')).toBeInTheDocument();
    expect(card('Active Versions').getByText('1')).toBeInTheDocument();
    expect(card('Current Version').getByText('1.2.0')).toBeInTheDocument();
    expect(card('Latest Version').getByText('1.2.0')).toBeInTheDocument();

    const row = within(screen.getByRole('row', { name: /1\.2\.0/ }));
    expect(row.getByText('Build 12')).toBeInTheDocument();
    expect(row.getByText('Active')).toBeInTheDocument();
    expect(row.getByText('15 MB')).toBeInTheDocument();
    expect(row.getByText('Android')).toBeInTheDocument();
    expect(row.getByText('02/03/2026, 14:05')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Rollout of version 1.2.0: 100%' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /1\.1\.0/ })).getByText('Inactive'),
    ).toBeVisible();
    expect(callsTo(calls, 'GET', versionsPath)[0]!.url.searchParams.get('includeInactive')).toBe(
      'true',
    );
  });

  it("shows each release's health beside it and against the release before", async () => {
    const health = (devices: number, crashedDevices: number, crashFreeRate: number | null) => ({
      devices,
      crashedDevices,
      crashFreeRate,
      checkedAt: '2026-03-02T06:05:00.000Z',
    });
    stubOta({}, [
      otaVersion({
        rolloutPercent: 20,
        rolloutPausedAt: '2026-03-02T06:05:00.000Z',
        rolloutPauseReason: 'Crash-free devices 88.5% against 99.1% on 1.1.0',
        health: health(1_200, 138, 88.5),
      }),
      { ...previousVersion, health: health(9_800, 88, 99.1) },
      otaVersion({ id: '00000000-0000-4000-8000-000000000010', version: '1.0.0', isActive: false }),
    ]);
    renderScreen(<OtaPage />, '/ota');
    await screen.findByRole('row', { name: /^1\.1\.0/ });
    const latest = within(screen.getByRole('row', { name: /^1\.2\.0/ }));
    expect(latest.getByText('88.5% crash-free')).toBeInTheDocument();
    expect(latest.getByText('1,200 devices')).toBeInTheDocument();
    expect(latest.getByText('−10.6 pts vs 1.1.0')).toBeInTheDocument();
    expect(latest.getByText('Crash-free devices 88.5% against 99.1% on 1.1.0')).toBeInTheDocument();
    const previous = within(screen.getByRole('row', { name: /^1\.1\.0/ }));
    expect(previous.getByText('99.1% crash-free')).toBeInTheDocument();
    // Nothing to compare with: the oldest release has no devices reporting.
    expect(previous.queryByText(/pts vs/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /^1\.0\.0/ })).getByText('No devices yet'),
    ).toBeInTheDocument();
  });

  it('invites a first upload when there are no versions', async () => {
    stubOta({}, []);
    renderScreen(<OtaPage />, '/ota');
    expect(await screen.findByText('No versions uploaded yet')).toBeInTheDocument();
    expect(screen.getByText('Upload your first APK to get started')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Total Versions' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Upload APK' })).toHaveLength(2);
  });

  it('checks health every 30 s, every 20 s on warning and every 10 s on error', async () => {
    const healthy = otaHealth();
    const warning = otaHealth({ status: 'warning', filesystem: 'warning' });
    const failing = otaHealth({
      status: 'error',
      database: 'failed',
      error: 'The database does not answer',
      services: {
        ...healthy.services,
        database: { status: 'failed', latency: null, connection: 'embedded (PGlite)' },
      },
    });
    const opened = Date.now();
    const checkedAt: number[] = [];
    // The first check finds all well, the next two a warning, the rest an error.
    const answers = [healthy, warning, warning];
    stubOta({
      [`GET ${healthPath}`]: () => {
        checkedAt.push(Date.now());
        return jsonResponse(answers[checkedAt.length - 1] ?? failing);
      },
    });
    await openOta();
    await advance(92_000);

    const seconds = (ms: number) => Math.round(ms / 1000);
    expect(seconds(checkedAt[0]! - opened)).toBe(1);
    const gaps = checkedAt.slice(1).map((at, index) => seconds(at - checkedAt[index]!));
    expect(gaps).toEqual([30, 20, 20, 10, 10]);
    expect(card('Database').getByText('The database does not answer')).toBeInTheDocument();
    expect(card('Database').getByText('Error')).toBeInTheDocument();
  });

  it('opens the breaker after 3 failed calls and then refuses calls with its message', async () => {
    const calls = stubOta({
      [`GET ${versionsPath}`]: () => errorResponse(500, 'INTERNAL_ERROR', 'Database unavailable'),
      [`GET ${healthPath}`]: () => errorResponse(500, 'INTERNAL_ERROR', 'Database unavailable'),
    });
    renderScreen(<OtaPage />, '/ota');
    // Versions: 3 tries 3 s apart (one failure); health at 1 s: 3 tries 2 s apart, then once more
    // 5 s later (two failures): the third opens the breaker.
    await advance(6_500);
    expect(await screen.findByText('Failed to load versions: Database unavailable')).toBeVisible();
    await advance(13_500);
    expect(callsTo(calls, 'GET', versionsPath)).toHaveLength(3);
    expect(callsTo(calls, 'GET', healthPath)).toHaveLength(6);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Circuit breaker' })).toHaveTextContent(
        /Circuit breaker: Open \(requests paused until \d\d:\d\d:\d\d\)/,
      ),
    );
    expect(card('API Connection').getByText('Circuit Open')).toBeInTheDocument();

    const sent = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await screen.findAllByText('Circuit breaker is open - please wait before retrying'),
    ).not.toHaveLength(0);
    expect(calls).toHaveLength(sent);
  });

  it('disables Upload and stops checking after a 401, until a call is accepted again', async () => {
    localStorage.setItem('refreshToken', 'refresh-1');
    let signedIn = false;
    const unauthorised = () =>
      errorResponse(401, 'UNAUTHENTICATED', 'Authentication required. Please log in again.');
    const calls = stubOta({
      [`GET ${versionsPath}`]: () =>
        signedIn ? jsonResponse({ ...otaHealth(), ...emptyList }) : unauthorised(),
      [`GET ${healthPath}`]: () => (signedIn ? jsonResponse(otaHealth()) : unauthorised()),
      // The refresh is refused for now (rate limited), so the 401 reaches the screen.
      'POST /api/auth/refresh': () => errorResponse(429, 'RATE_LIMITED', 'Too many requests'),
    });
    renderScreen(<OtaPage />, '/ota');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload APK' })).toBeDisabled());
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
      'Authentication required. Please log in again.',
    );
    expect(card('API Connection').getByText('Auth Required')).toBeInTheDocument();
    expect(card('API Connection').getByText('Please log in again')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load versions/)).not.toBeInTheDocument();

    // No periodic checks: the health check due at 1 s is refused locally (within 5 s of the
    // 401) and nothing is polled after it.
    await advance(60_000);
    expect(callsTo(calls, 'GET', healthPath)).toHaveLength(0);
    expect(callsTo(calls, 'GET', versionsPath)).toHaveLength(1);

    signedIn = true;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('No versions uploaded yet')).toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: 'Upload APK' })) {
      expect(button).toBeEnabled();
    }
  });

  it('reloads on ota_update: at once for an upload, after 1 s for the others', async () => {
    const calls = stubOta();
    const reloads = () => callsTo(calls, 'GET', versionsPath).length;
    await openOta();
    await vi.waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = latestSocket();
    act(() => socket.fire('connect'));
    const timestamp = '2026-03-02T06:10:00.000Z';

    act(() =>
      socket.serverEmit('ota_update', { type: 'version_uploaded', version: '1.3.0', timestamp }),
    );
    expect(await screen.findByText('New version 1.3.0 uploaded')).toBeInTheDocument();
    await waitFor(() => expect(reloads()).toBe(2));

    act(() =>
      socket.serverEmit('ota_update', { type: 'version_activated', version: '1.1.0', timestamp }),
    );
    expect(await screen.findByText('Version 1.1.0 activated')).toBeInTheDocument();
    await advance(900);
    expect(reloads()).toBe(2);
    await advance(200);
    await waitFor(() => expect(reloads()).toBe(3));

    // A type the console does not know is ignored.
    act(() =>
      socket.serverEmit('ota_update', { type: 'version_recalled', version: '1.1.0', timestamp }),
    );
    await advance(2_000);
    expect(reloads()).toBe(3);
  });

  it("raises no second toast for the echo of this tab's own activation", async () => {
    const timestamp = '2026-03-02T06:10:00.000Z';
    stubOta({
      [`PATCH /api/ota/versions/${previousVersion.id}/activate`]: () => {
        // The server announces the change before its answer reaches the console.
        latestSocket().serverEmit('ota_update', {
          type: 'version_activated',
          version: '1.1.0',
          timestamp,
        });
        return jsonResponse({
          success: true,
          message: otaMessages.activated('1.1.0'),
          version: { ...previousVersion, isActive: true },
        });
      },
    });
    await openOta();
    await vi.waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    act(() => latestSocket().fire('connect'));
    await userEvent.click(screen.getByRole('button', { name: 'Actions for version 1.1.0' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Activate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Activate version 1.1.0?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Version 1.1.0 activated successfully')).toBeInTheDocument();
    expect(screen.queryByText('Version 1.1.0 activated')).not.toBeInTheDocument();
  });

  it('hides Upload and the version actions from staff without ota.upload or ota.activate', async () => {
    signInAs({
      ...testUsers.sales,
      permissions: [...testUsers.sales.permissions, 'ota.view'],
    });
    stubOta();
    await openOta();
    expect(screen.queryByRole('button', { name: 'Upload APK' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rollout of version/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for version 1.1.0' }));
    expect(await screen.findByRole('menuitem', { name: 'View Details' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Activate' })).not.toBeInTheDocument();
  });
});

const emptyList = { versions: [], currentVersion: null, latestVersion: null, totalVersions: 0 };
