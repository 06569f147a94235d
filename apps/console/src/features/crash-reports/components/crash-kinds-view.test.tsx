import type { CrashReport } from '@patrol/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrashGroupDialog } from '@/features/crash-reports/components/crash-group-dialog';
import { CrashKindTrace } from '@/features/crash-reports/components/crash-kind-trace';
import { CrashReportsPage } from '@/features/crash-reports/components/crash-reports-page';
import {
  filterOptions,
  groupDetail,
  reportsPage,
  sampleGroup,
  sampleReports,
} from '@/features/crash-reports/components/crash-reports-test-data';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

vi.mock('socket.io-client', async () => ({ io: (await import('@/test/fake-socket')).fakeIo }));

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const anr: CrashReport = {
  ...sampleReports.crash,
  kind: 'anr',
  anr: { blockedDurationMs: 7240, mainThreadState: 'Blocked' },
  stackTrace: '"main" prio=5 tid=1 Blocked\n\tat com.patrol.db.PatrolDao.save(PatrolDao.kt:10)',
};
const native: CrashReport = {
  ...sampleReports.crash,
  kind: 'native',
  stackTrace: null,
  native: {
    signal: 'SIGSEGV',
    code: 'SEGV_MAPERR',
    faultAddress: '0x0',
    abortMessage: null,
    frames: [
      {
        pc: '0x4a2c4',
        library: '/data/app/~~x==/lib/arm64/libpatrolnfc.so',
        symbol: 'nfc_decode',
        offset: 36,
        buildId: '9f2c1e',
      },
    ],
  },
};

describe('crash kinds in the viewer', () => {
  it('shows an ANR with its blocked time over the main thread stack', () => {
    stubApi({});
    renderScreen(<CrashKindTrace report={anr} />);
    expect(screen.getByText('Main thread blocked for 7.2 s (Blocked)')).toBeInTheDocument();
    expect(screen.getByLabelText('Stack trace')).toHaveTextContent('PatrolDao.save');
  });

  it('shows a native crash as a tombstone with signal, library and build id', () => {
    stubApi({});
    renderScreen(<CrashKindTrace report={native} />);
    expect(screen.getByLabelText('Native backtrace')).toHaveTextContent(
      'signal SIGSEGV, code SEGV_MAPERR, fault addr 0x0',
    );
    expect(screen.getByLabelText('Native backtrace')).toHaveTextContent(
      '#00 pc 0x4a2c4 /data/app/~~x==/lib/arm64/libpatrolnfc.so (nfc_decode+36) (BuildId: 9f2c1e)',
    );
  });

  it('filters the list by kind', async () => {
    const calls = stubApi({
      'GET /api/crash-reports': () => reportsPage([anr]),
      'GET /api/crash-reports/filter-options': filterOptions,
    });
    renderScreen(<CrashReportsPage />, '/crash-report');
    await screen.findByRole('button', { name: anr.title });
    expect(screen.getAllByText('ANR').length).toBeGreaterThan(0);
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Native crash');
    await waitFor(() => {
      const last = calls.filter((call) => call.path === '/api/crash-reports').at(-1)!;
      expect(last.url.searchParams.get('kind')).toBe('native');
    });
  });
});

describe('the group: why grouped, merge and split', () => {
  const merged = [
    { fingerprint: 'ffff000011112222', mergedAt: '2026-11-24T01:30:00.000Z', occurrences: 3 },
  ];

  it('says why the reports are grouped, and splits out a merged group once confirmed', async () => {
    const calls = stubApi({
      [`GET /api/crash-reports/groups/${sampleGroup.fingerprint}`]: () =>
        groupDetail(sampleGroup, merged),
      [`POST /api/crash-reports/groups/${sampleGroup.fingerprint}/split`]: () =>
        jsonResponse({
          success: true,
          message: 'Crash group split',
          data: { ...sampleGroup, fingerprint: 'ffff000011112222', merged: [] },
        }),
    });
    renderScreen(
      <CrashGroupDialog
        fingerprint={sampleGroup.fingerprint}
        onClose={() => {}}
        onShowReports={() => {}}
      />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: sampleGroup.title }));
    expect(await dialog.findByTestId('grouping-reason')).toHaveTextContent(
      'same exception and same 2 in-app frames',
    );
    const region = within(dialog.getByRole('region', { name: 'Merged groups' }));
    expect(region.getByText('ffff000011112222')).toBeInTheDocument();
    await userEvent.click(region.getByRole('button', { name: 'Split Out' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Split Out' }));
    expect(await screen.findByText('Crash group split')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ fingerprint: 'ffff000011112222' });
  });

  it('merges another group in by its fingerprint once confirmed', async () => {
    const calls = stubApi({
      [`GET /api/crash-reports/groups/${sampleGroup.fingerprint}`]: () => groupDetail(sampleGroup),
      [`POST /api/crash-reports/groups/${sampleGroup.fingerprint}/merge`]: () =>
        jsonResponse({ success: true, message: 'Crash groups merged', data: {} }),
    });
    renderScreen(
      <CrashGroupDialog
        fingerprint={sampleGroup.fingerprint}
        onClose={() => {}}
        onShowReports={() => {}}
      />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: sampleGroup.title }));
    await userEvent.type(
      await dialog.findByLabelText('Merge another group into this one (its fingerprint)'),
      'abcd000011112222',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Merge' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(confirm.getByRole('button', { name: 'Merge Groups' }));
    expect(await screen.findByText('Crash groups merged')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      source: 'abcd000011112222',
    });
  });

  it('offers no merge or split to staff who may only read reports', async () => {
    signInAs({ ...testUsers.superadmin, role: 'sales', permissions: ['settings.view'] });
    stubApi({
      [`GET /api/crash-reports/groups/${sampleGroup.fingerprint}`]: () =>
        groupDetail(sampleGroup, merged),
    });
    renderScreen(
      <CrashGroupDialog
        fingerprint={sampleGroup.fingerprint}
        onClose={() => {}}
        onShowReports={() => {}}
      />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: sampleGroup.title }));
    expect(await dialog.findByText('ffff000011112222')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Split Out' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Merge' })).not.toBeInTheDocument();
  });
});
