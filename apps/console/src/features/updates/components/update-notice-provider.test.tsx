import { roleTemplates } from '@patrol/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { breakers } from '@/lib/breaker';
import { renderScreen, stubApi, type FakeCall } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';
import { loadDownloadEventSchema } from '../api/download-dashboard-update';
import type { UpdateNotice } from '../lib/notices';
import type { UpdateNoticesValue } from '../lib/update-notice-context';
import { UpdateNoticeBell } from './update-notice-bell';
import { canDistributeNotice } from './update-notice-panel';
import { UpdateNoticeProvider } from './update-notice-provider';

// The realtime provider's socket, played by nobody: these tests drive the timers.
vi.mock('socket.io-client', async () => ({ io: (await import('@/test/fake-socket')).fakeIo }));

const build = { id: 'build-a', version: '8.2.0' };
const asset = { url: '/assets/index-new.js', size: 12, integrity: 'sha256-AAAA' };

const checkAnswer = (overrides: Record<string, unknown> = {}) => ({
  success: true,
  currentVersion: '8.2.0',
  latestVersion: '8.3.0',
  hasUpdate: true,
  updateSize: 1_572_864,
  releaseNotes: 'Update notices in the header',
  channel: 'stable',
  currentBuild: 'build-a',
  latestBuild: 'build-b',
  builtAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

const noRelease = {
  success: true,
  android: {
    currentVersion: null,
    latestVersion: null,
    hasUpdate: false,
    downloadUrl: null,
    releaseNotes: '',
  },
};

/** An event stream the test writes to as it goes. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (given) => (controller = given) });
  const encoder = new TextEncoder();
  return {
    response: () =>
      new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event: object) =>
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
    end: () => controller.close(),
  };
}

/** Lets `ms` of fake time pass, then the promises it set going settle (fetch, JSON, state). */
async function pass(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let tick = 0; tick < 20; tick += 1) await vi.advanceTimersByTimeAsync(0);
  });
}

const callsTo = (calls: FakeCall[], path: string) => calls.filter((call) => call.path === path);

function renderProvider(reload = vi.fn()) {
  renderScreen(
    <UpdateNoticeProvider build={build} reload={reload}>
      <UpdateNoticeBell />
    </UpdateNoticeProvider>,
  );
  return reload;
}

function openPanel() {
  fireEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
  return screen.getByRole('dialog', { name: 'Notifications' });
}

// Update loads the download stream's schema as a chunk of its own; loaded once here, the fake
// clock's steps find it in, as a later download in a browser does.
beforeAll(() => loadDownloadEventSchema());

beforeEach(() => {
  vi.useFakeTimers();
  // The breakers are shared by the whole console: no test inherits another's throttling.
  breakers.resetAll();
  signInAs(testUsers.superadmin);
});
afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('UpdateNoticeProvider', () => {
  it('checks 2 s after start with the loaded build, then every 4 hours', async () => {
    const calls = stubApi({
      'GET /api/ota/dashboard/check': () => jsonResponse(checkAnswer({ hasUpdate: false })),
      'GET /api/ota/mobile/check': () => jsonResponse(noRelease),
    });
    renderProvider();
    await pass(1_999);
    expect(callsTo(calls, '/api/ota/dashboard/check')).toHaveLength(0);
    await pass(1);
    const [first] = callsTo(calls, '/api/ota/dashboard/check');
    expect(Object.fromEntries(first!.url.searchParams)).toEqual({
      current: 'build-a',
      version: '8.2.0',
    });
    expect(callsTo(calls, '/api/ota/mobile/check')).toHaveLength(1);
    await pass(14_400_000 - 1);
    expect(callsTo(calls, '/api/ota/dashboard/check')).toHaveLength(1);
    await pass(1);
    expect(callsTo(calls, '/api/ota/dashboard/check')).toHaveLength(2);
    expect(callsTo(calls, '/api/ota/mobile/check')).toHaveLength(2);
  });

  it("skips the checks without a stored token: 'Not authenticated'", async () => {
    const calls = stubApi({});
    renderProvider();
    localStorage.removeItem('token');
    await pass(2_000);
    expect(calls).toHaveLength(0);
    const panel = openPanel();
    expect(within(panel).getByText(/Not authenticated/)).toBeInTheDocument();
  });

  it('checks only the app release for support (ota.view without settings.view)', async () => {
    signInAs({ ...testUsers.sales, role: 'support', permissions: roleTemplates.support });
    const calls = stubApi({ 'GET /api/ota/mobile/check': () => jsonResponse(noRelease) });
    renderProvider();
    await pass(2_000);
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/ota/mobile/check']);
  });

  it('offers nothing that would bring back a release since replaced', async () => {
    signInAs({ ...testUsers.sales, role: 'support', permissions: roleTemplates.support });
    const android = { ...noRelease.android, currentVersion: '3.1.0', latestVersion: '3.2.0' };
    stubApi({ 'GET /api/ota/mobile/check': () => jsonResponse({ ...noRelease, android }) });
    renderProvider();
    await pass(2_000);
    const panel = openPanel();
    expect(within(panel).getByRole('button', { name: 'Distribute' })).toBeInTheDocument();
    // Once 3.3.0 replaced it, a 3.2.0 notice kept from before offers no Distribute, nor does 3.3.0.
    const kept = { type: 'mobile_update', version: '3.2.0' } as UpdateNotice;
    const value = { canDistribute: true, mobile: { current: '3.3.0', latest: '3.3.0' } };
    expect(canDistributeNotice(kept, value as UpdateNoticesValue)).toBe(false);
    expect(canDistributeNotice({ ...kept, version: '3.3.0' }, value as UpdateNoticesValue)).toBe(
      false,
    );
  });

  it('makes no check for a user without settings.view, whom the API would refuse', async () => {
    signInAs(testUsers.sales);
    const calls = stubApi({});
    renderProvider();
    await pass(2_000);
    expect(calls).toHaveLength(0);
  });

  it('raises a dashboard notice; Update downloads with progress, applies and reloads 3 s later', async () => {
    const stream = eventStream();
    const calls = stubApi({
      'GET /api/ota/dashboard/check': () => jsonResponse(checkAnswer()),
      'GET /api/ota/mobile/check': () => jsonResponse(noRelease),
      'GET /api/ota/dashboard/download': () => stream.response(),
      'GET /assets/index-new.js': () => new Response('console.log(1)'.slice(0, 12)),
      'POST /api/ota/dashboard/apply': () =>
        jsonResponse({
          success: true,
          message: 'Console 8.3.0 is ready: the page reloads in 3 seconds.',
          ready: true,
          version: '8.3.0',
          build: 'build-b',
        }),
    });
    const reload = renderProvider();
    await pass(2_000);
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const panel = openPanel();
    expect(within(panel).getByText('Dashboard Update Available')).toBeInTheDocument();
    expect(
      within(panel).getByText('Console 8.3.0 is ready to install (1.5 MB).'),
    ).toBeInTheDocument();
    const card = within(panel).getByRole('region', { name: 'Console update' });
    expect(within(card).getByText('Update notices in the header')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Update' }));
    await pass();
    expect(
      Object.fromEntries(callsTo(calls, '/api/ota/dashboard/download')[0]!.url.searchParams),
    ).toEqual({ current: 'build-a' });
    stream.send({ type: 'progress', progress: 40, loaded: 40, total: 100 });
    await pass();
    // The server's verification is the bar's first half.
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
    expect(within(card).getByRole('status')).toHaveTextContent(
      'Checking the new build on the server… 20%',
    );
    stream.send({ type: 'progress', progress: 100 });
    stream.send({ type: 'complete', build: 'build-b', version: '8.3.0', assets: [asset] });
    stream.end();
    await pass();
    const assetCall = callsTo(calls, '/assets/index-new.js')[0]!;
    expect(assetCall).toBeDefined();
    expect(callsTo(calls, '/api/ota/dashboard/apply')[0]!.body).toEqual({
      current: 'build-a',
      build: 'build-b',
    });
    expect(within(card).getByRole('status')).toHaveTextContent(
      'Update ready: reloading in 3 seconds…',
    );
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await pass(2_999);
    expect(reload).not.toHaveBeenCalled();
    await pass(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("raises 'Update Failed' when the download stream reports an error", async () => {
    const stream = eventStream();
    stubApi({
      'GET /api/ota/dashboard/check': () => jsonResponse(checkAnswer()),
      'GET /api/ota/mobile/check': () => jsonResponse(noRelease),
      'GET /api/ota/dashboard/download': () => stream.response(),
    });
    const reload = renderProvider();
    await pass(2_000);
    const panel = openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Update' }));
    await pass();
    stream.send({ type: 'progress', progress: 10 });
    stream.send({
      type: 'error',
      message: 'The new console build is incomplete: assets/a.js is missing.',
    });
    stream.end();
    await pass();
    const failed = within(panel).getByRole('listitem', { name: 'Update Failed' });
    expect(failed).toHaveTextContent(
      'The new console build is incomplete: assets/a.js is missing.',
    );
    expect(within(panel).getByRole('alert')).toHaveTextContent('incomplete');
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await pass(5_000);
    expect(reload).not.toHaveBeenCalled();
  });

  it("raises 'Update Failed' when apply is refused", async () => {
    const stream = eventStream();
    stubApi({
      'GET /api/ota/dashboard/check': () => jsonResponse(checkAnswer()),
      'GET /api/ota/mobile/check': () => jsonResponse(noRelease),
      'GET /api/ota/dashboard/download': () => stream.response(),
      'GET /assets/index-new.js': () => new Response('x'.repeat(12)),
      'POST /api/ota/dashboard/apply': () =>
        jsonResponse(
          {
            success: false,
            error: 'CONFLICT',
            message:
              'A newer console build was published while this one downloaded: download again.',
          },
          409,
        ),
    });
    renderProvider();
    await pass(2_000);
    const panel = openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Update' }));
    await pass();
    stream.send({ type: 'complete', build: 'build-b', version: '8.3.0', assets: [asset] });
    stream.end();
    await pass();
    expect(within(panel).getByRole('listitem', { name: 'Update Failed' })).toHaveTextContent(
      'A newer console build was published while this one downloaded: download again.',
    );
  });

  it("raises a mobile notice with Distribute, and 'Distribution Failed' when it fails", async () => {
    let distributeStatus = 500;
    const calls = stubApi({
      'GET /api/ota/dashboard/check': () => jsonResponse(checkAnswer({ hasUpdate: false })),
      'GET /api/ota/mobile/check': () =>
        jsonResponse({
          success: true,
          android: {
            currentVersion: '3.1.0',
            latestVersion: '3.2.0',
            hasUpdate: true,
            downloadUrl: '/api/ota/versions/x/download',
            releaseNotes: '',
          },
        }),
      'POST /api/ota/mobile/distribute': () =>
        distributeStatus === 200
          ? jsonResponse({
              success: true,
              message: 'Version 3.2.0 is now distributed to Android devices',
              version: {},
            })
          : jsonResponse({ success: false, error: 'INTERNAL_ERROR', message: 'Server error' }, 500),
    });
    renderProvider();
    await pass(2_000);
    const panel = openPanel();
    const notice = within(panel).getByRole('listitem', { name: 'Mobile App Update' });
    expect(notice).toHaveTextContent(
      'Android app 3.2.0 is uploaded but not distributed yet; devices are offered 3.1.0.',
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Distribute' }));
    await pass();
    // Distributing asks first, naming the release devices are offered today.
    const confirm = screen.getByRole('alertdialog', { name: 'Distribute Android app 3.2.0?' });
    expect(confirm).toHaveTextContent('instead of 3.1.0');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Distribute' }));
    await pass();
    expect(callsTo(calls, '/api/ota/mobile/distribute')[0]!.body).toEqual({
      platform: 'android',
      version: '3.2.0',
    });
    expect(within(panel).getByRole('listitem', { name: 'Distribution Failed' })).toHaveTextContent(
      'Version 3.2.0: Server error',
    );

    distributeStatus = 200;
    fireEvent.click(within(notice).getByRole('button', { name: 'Distribute' }));
    await pass();
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Distribute' }),
    );
    await pass();
    expect(within(panel).queryByRole('listitem', { name: 'Mobile App Update' })).toBeNull();
    expect(
      screen.getByText('Version 3.2.0 is now distributed to Android devices'),
    ).toBeInTheDocument();
  });

  it('offers no Update or Distribute to a user without settings.edit or ota.activate', async () => {
    signInAs({ ...testUsers.sales, permissions: ['settings.view', 'ota.view'] });
    stubApi({
      'GET /api/ota/dashboard/check': () => jsonResponse(checkAnswer()),
      'GET /api/ota/mobile/check': () =>
        jsonResponse({
          success: true,
          android: {
            ...noRelease.android,
            currentVersion: '3.1.0',
            latestVersion: '3.1.0',
            hasUpdate: true,
          },
        }),
    });
    renderProvider();
    await pass(2_000);
    const panel = openPanel();
    expect(within(panel).getByText('Reload the page to use it.')).toBeInTheDocument();
    expect(within(panel).getByRole('listitem', { name: 'Mobile App Update' })).toHaveTextContent(
      'Android app 3.1.0 is active',
    );
    expect(within(panel).queryByRole('button', { name: /^(Update|Distribute)$/ })).toBeNull();
    expect(within(panel).queryByLabelText('Update channel')).toBeNull();
  });

  it('marks the notices read when the panel closes, and keeps them over a reload', async () => {
    stubApi({
      'GET /api/ota/dashboard/check': () => jsonResponse(checkAnswer()),
      'GET /api/ota/mobile/check': () => jsonResponse(noRelease),
    });
    renderProvider();
    await pass(2_000);
    openPanel();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await pass();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem('updateNotices:u-1') ?? '{}');
    expect(stored.notices).toEqual([
      expect.objectContaining({ type: 'dashboard_update', version: '8.3.0', read: true }),
    ]);
  });
});
