import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SystemStatusPage } from '@/features/system/components/system-status-page';
import {
  callsTo,
  clusterInfo,
  clusterWorker,
  embeddedUsage,
  errorResponse,
  sampleTime,
  stubSystem,
  systemPaths,
} from '@/features/system/components/system-test-data';
import {
  advance,
  figure,
  openSystem,
  panel,
  setUpSystemScreenTests,
} from '@/features/system/components/system-test-helpers';
import { renderScreen } from '@/test/fake-api';
import { jsonResponse } from '@/test/test-utils';

vi.mock('socket.io-client', async () => ({ io: (await import('@/test/fake-socket')).fakeIo }));

setUpSystemScreenTests();

describe('the system screen', () => {
  it('shows every panel from the health, metrics and cluster answers', async () => {
    stubSystem();
    await openSystem();

    const environment = within(screen.getByRole('region', { name: 'Environment' }));
    expect(environment.getByText('Production environment')).toBeInTheDocument();
    expect(environment.getByText('Served by api-1 (pid 4242)')).toBeInTheDocument();
    expect(environment.getByText('HTTPS')).toBeInTheDocument();

    const health = panel('System Health Issues');
    const ring = health.getByRole('img', { name: 'Health score 46 of 100' });
    expect(health.getByText('Critical', { selector: '[data-slot=badge]:not(li *)' })).toBeVisible();
    // The ring reads as its label does: red with a critical issue.
    expect(ring).toHaveClass('text-red-600');
    // Every time on the screen is in the company's zone, named beside the first one.
    expect(screen.getByText(/measured .* · times in Asia\/Kuala_Lumpur \(GMT\+8\)/)).toBeVisible();
    const issues = within(health.getByRole('list', { name: 'Health issues' })).getAllByRole(
      'listitem',
    );
    expect(issues.map((issue) => issue.textContent)).toEqual([
      'CriticalError rate: High error rate (7.5%)',
      'MediumResponse time: Slow response time (620 ms)',
      'MediumCPU: High CPU load (5.20 on 4 cores)',
    ]);
    expect(health.getByText('and 1 more')).toBeInTheDocument();
    expect(
      within(health.getByRole('list', { name: 'Health recommendations' })).getAllByRole('listitem'),
    ).toHaveLength(2);

    expect(panel('System Status').getByText('Online')).toBeInTheDocument();
    expect(panel('Database').getByText('Connected')).toBeInTheDocument();
    expect(panel('Database').getByText('PostgreSQL 16.4 · latency 1.2 ms')).toBeInTheDocument();
    expect(panel('Active Users').getByText('3')).toBeInTheDocument();
    expect(panel('Active Users').getByText('2 dashboard · 1 mobile · 1 admin')).toBeInTheDocument();
    expect(panel('Uptime').getByText('5h 12m')).toBeInTheDocument();

    for (const [label, value] of [
      ['Total', '3'],
      ['Mobile', '1'],
      ['Dashboard', '2'],
      ['Admin', '1'],
    ]) {
      expect(figure('Active Users Summary', label!)).toHaveTextContent(value!);
    }
    expect(figure('Memory Usage', 'Heap used')).toHaveTextContent('64 MB (1.6%)');
    expect(figure('Memory Usage', 'Server memory')).toHaveTextContent('6 GB of 8 GB');
    expect(figure('Memory Usage', 'Process (RSS)')).toHaveTextContent('180 MB');

    expect(figure('Performance Metrics', 'Response speed')).toHaveTextContent('42 ms');
    expect(figure('Performance Metrics', 'Processing load')).toHaveTextContent('0.30/core');
    expect(figure('Performance Metrics', 'Requests per minute')).toHaveTextContent('120');
    expect(figure('Performance Metrics', 'Error rate')).toHaveTextContent('0.5%');
    expect(figure('Performance Metrics', 'p50 / p95 / p99')).toHaveTextContent('30 / 120 / 250 ms');
    expect(figure('Performance Metrics', 'Event-loop lag')).toHaveTextContent('0.4 ms');

    expect(figure('System Information', 'Platform')).toHaveTextContent('linux (x64)');
    expect(figure('System Information', 'Node.js')).toHaveTextContent('v20.20.0');
    expect(figure('System Information', 'HTTPS')).toHaveTextContent('Enabled');
    expect(figure('System Information', 'Environment')).toHaveTextContent('Production');
    expect(figure('System Information', 'Version')).toHaveTextContent('v8.2.0');

    const cluster = panel('Cluster Performance');
    expect(cluster.getByText(/2 API processes, found through Redis/)).toBeInTheDocument();
    const rows = cluster.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This process')).toBeInTheDocument();
    const second = within(cluster.getByRole('row', { name: /api-2/ }));
    expect(second.getByText('88.2%')).toBeInTheDocument();
    expect(second.getByText('1m 30s')).toBeInTheDocument();

    const database = panel('Database Usage');
    expect(database.getByRole('note')).toHaveTextContent('Database usage is above 75% (80.1%)');
    expect(database.getByText('Warning · 80%')).toBeInTheDocument();
    expect(figure('Database Usage', 'Connections')).toHaveTextContent('12 of 100 (12.0%)');
    expect(figure('Database Usage', 'This process’s pool')).toHaveTextContent(
      '5 open · 3 idle · 0 waiting',
    );
    expect(figure('Database Usage', 'Size')).toHaveTextContent('410 MB of 512 MB budget (80.1%)');
    expect(figure('Database Usage', 'Transactions')).toHaveTextContent('3.5/s');
    expect(figure('Database Usage', 'Rows read')).toHaveTextContent('1,240.0/s');

    const recommendations = within(screen.getByRole('list', { name: 'Recommendations' }));
    expect(recommendations.getAllByRole('listitem')).toHaveLength(3);
    const events = within(screen.getByRole('list', { name: 'Recent system events' }));
    expect(
      events.getAllByRole('listitem').map((item) => item.firstChild?.nextSibling?.textContent),
    ).toHaveLength(3);
    expect(events.getAllByRole('listitem')[0]).toHaveTextContent('High error rate (7.5%)');
    expect(panel('Recent System Events').getByText('3 of 5')).toBeInTheDocument();

    expect(
      within(screen.getByRole('figure', { name: 'Requests trend' })).getByText(
        'now 120 /min · 1 sample',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Circuit breaker' })).toHaveTextContent(
      'Circuit breaker: Closed (0 of 5 failures in the last 60 s)',
    );
  });
  it('explains Active Users in a tooltip reached by keyboard', async () => {
    stubSystem();
    await openSystem();
    const help = panel('Active Users').getByRole('button', { name: 'About Active Users' });
    act(() => help.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/each counted once/);
  });
  it('shows what the embedded database gives and a single process', async () => {
    stubSystem({
      [`GET ${systemPaths.cluster}`]: () =>
        jsonResponse({
          success: true,
          data: clusterInfo({
            cluster: { mode: 'single', registry: 'local' },
            totalWorkers: 1,
            health: { healthy: true, workerEfficiency: 1 },
            workers: [clusterWorker()],
            database: embeddedUsage,
            recommendations: [],
          }),
        }),
    });
    await openSystem();
    expect(figure('Database Usage', 'Engine')).toHaveTextContent('PGlite (embedded)');
    expect(figure('Database Usage', 'Connections')).toHaveTextContent(
      'Embedded (one in-process connection)',
    );
    expect(figure('Database Usage', 'Transactions')).toHaveTextContent('measuring…');
    expect(panel('Database Usage').queryByRole('note')).not.toBeInTheDocument();
    expect(panel('Database').getByText('PGlite (embedded) · latency 1.2 ms')).toBeInTheDocument();
    expect(
      panel('Process Performance').getByText(/1 API process, this process only/),
    ).toBeVisible();
  });
  it('downloads system-report-{date}.json from Export Report', async () => {
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = stubSystem();
    await openSystem();

    await userEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    expect(await screen.findByText('System report downloaded')).toBeInTheDocument();
    expect(callsTo(calls, systemPaths.report)).toHaveLength(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    // 06:05 UTC is 14:05 in Kuala Lumpur: the server's business day.
    expect(link.download).toBe('system-report-2026-03-02.json');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!);
    });
    const report = JSON.parse(text) as { generatedAt: string; cluster: unknown };
    expect(report.generatedAt).toBe(sampleTime);
    expect(report.cluster).toMatchObject({ totalWorkers: 2 });
  });
  it('says so when the export fails', async () => {
    stubSystem({
      [`GET ${systemPaths.report}`]: () =>
        errorResponse(403, 'FORBIDDEN', 'You do not have permission to perform this action.'),
    });
    await openSystem();
    await userEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    expect(await screen.findByText('Failed to export the system report')).toBeInTheDocument();
  });
  it("shows the error state with 'Failed to load system data' and recovers on Try Again", async () => {
    const failing = () => errorResponse(500, 'INTERNAL_ERROR', 'Database unavailable');
    const calls = stubSystem({
      [`GET ${systemPaths.health}`]: failing,
      [`GET ${systemPaths.metrics}`]: failing,
      [`GET ${systemPaths.cluster}`]: failing,
    });
    renderScreen(<SystemStatusPage />, '/system-status');
    // Three tries each: 1 s, then 2 s apart, each wait plus up to 1 s.
    await advance(6_000);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load system data')).toBeInTheDocument();
    expect(within(alert).getByText('Database unavailable')).toBeInTheDocument();
    expect(callsTo(calls, systemPaths.health)).toHaveLength(3);
    // One event for the refresh whose three calls failed together.
    const events = within(screen.getByRole('list', { name: 'Recent system events' }));
    expect(events.getAllByRole('listitem')).toHaveLength(1);
    expect(events.getByText('Failed to load system data')).toBeInTheDocument();
    expect(events.getByText(/Database unavailable/)).toBeInTheDocument();

    stubSystem();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('img', { name: 'Health score 46 of 100' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
  it("keeps the figures with a notice when a refresh fails, and the breaker refuses with 'Service temporarily unavailable'", async () => {
    stubSystem();
    await openSystem();
    const failing = () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'Database unavailable');
    stubSystem({ [`GET ${systemPaths.health}`]: failing });

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await advance(6_000);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'Failed to load system data: Database unavailable. The figures shown are the last loaded.',
    );
    expect(screen.getByRole('img', { name: 'Health score 46 of 100' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Circuit breaker' })).toHaveTextContent(
      'Circuit breaker: Closed (3 of 5 failures in the last 60 s)',
    );

    // Two more failures open the health breaker; its third try is refused without a call.
    await userEvent.click(within(notice).getByRole('button', { name: 'Retry' }));
    await advance(6_000);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Service temporarily unavailable'),
    );
    expect(screen.getByRole('status', { name: 'Circuit breaker' })).toHaveTextContent(
      /Circuit breaker: Open \(requests paused until \d\d:\d\d:\d\d\)/,
    );
  });
});
