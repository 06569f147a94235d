import type { CrashReport } from '@patrol/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrashKindTrace } from '@/features/crash-reports/components/crash-kind-trace';
import { CrashReportsPage } from '@/features/crash-reports/components/crash-reports-page';
import {
  filterOptions,
  reportsPage,
  sampleReports,
} from '@/features/crash-reports/components/crash-reports-test-data';
import { renderScreen, stubApi } from '@/test/fake-api';
import { signInAs, testUsers } from '@/test/test-utils';

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
