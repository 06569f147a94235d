import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  sampleTime,
  stubSystem,
  systemAlert,
  systemMetrics,
  systemPaths,
} from '@/features/system/components/system-test-data';
import {
  advance,
  connectSocket,
  figure,
  openSystem,
  panel,
  setUpSystemScreenTests,
} from '@/features/system/components/system-test-helpers';
import { latestSocket } from '@/test/fake-socket';

vi.mock('socket.io-client', async () => ({ io: (await import('@/test/fake-socket')).fakeIo }));

setUpSystemScreenTests();

describe('the system screen, live', () => {
  it('reloads every 30 s while auto-refresh is on, and neither reloads nor follows the stream when off', async () => {
    const calls = stubSystem();
    await openSystem();
    await connectSocket();
    const loads = () =>
      Object.values(systemPaths)
        .slice(0, 3)
        .map((path) => callsTo(calls, path).length);
    expect(loads()).toEqual([1, 1, 1]);

    await advance(30_000);
    await waitFor(() => expect(loads()).toEqual([2, 2, 2]));

    const checkbox = screen.getByRole('switch', { name: 'Auto-refresh' });
    expect(checkbox).toBeChecked();
    await userEvent.click(checkbox);
    expect(screen.getByText(/^Paused \(auto-refresh off\)/)).toBeInTheDocument();
    await advance(90_000);
    expect(loads()).toEqual([2, 2, 2]);
    act(() =>
      latestSocket().serverEmit(
        'systemMetrics',
        systemMetrics({ timestamp: '2026-03-02T06:07:00.000Z', requestsPerMinute: 999 }),
      ),
    );
    expect(figure('Performance Metrics', 'Requests per minute')).toHaveTextContent('120');

    // Back on: caught up at once, then every 30 s again.
    await userEvent.click(checkbox);
    await waitFor(() => expect(loads()).toEqual([3, 3, 3]));
    await advance(30_000);
    await waitFor(() => expect(loads()).toEqual([4, 4, 4]));
  });
  it('updates the figures and the charts from systemMetrics without a reload', async () => {
    const calls = stubSystem();
    await openSystem();
    await connectSocket();

    act(() =>
      latestSocket().serverEmit(
        'systemMetrics',
        systemMetrics({
          timestamp: '2026-03-02T06:05:05.000Z',
          requestsPerMinute: 480,
          responseTime: 640,
          memory: {
            heapUsed: 96 * 1024 * 1024,
            heapTotal: 128 * 1024 * 1024,
            heapLimit: 4096 * 1024 * 1024,
            rss: 200 * 1024 * 1024,
          },
          activeUsers: {
            total: 5,
            admin: 2,
            mobile: { total: 3, admin: 1 },
            dashboard: { total: 2, admin: 1 },
          },
        }),
      ),
    );

    await waitFor(() =>
      expect(figure('Performance Metrics', 'Requests per minute')).toHaveTextContent('480'),
    );
    expect(figure('Performance Metrics', 'Response speed')).toHaveTextContent('640 ms');
    expect(figure('Memory Usage', 'Heap used')).toHaveTextContent('96 MB');
    expect(panel('Active Users').getByText('5')).toBeInTheDocument();
    expect(figure('Active Users Summary', 'Mobile')).toHaveTextContent('3');
    const chart = (name: string) => within(screen.getByRole('figure', { name: `${name} trend` }));
    expect(chart('Requests').getByText('now 480 /min · 2 samples')).toBeInTheDocument();
    expect(chart('Memory').getByText('now 96 MB · 2 samples')).toBeInTheDocument();
    expect(chart('Response time').getByText('now 640 ms · 2 samples')).toBeInTheDocument();

    // The same sample again (a poll answered by the same tick) is not a new point.
    act(() =>
      latestSocket().serverEmit(
        'systemMetrics',
        systemMetrics({ timestamp: '2026-03-02T06:05:05.000Z', requestsPerMinute: 480 }),
      ),
    );
    expect(chart('Requests').getByText('now 480 /min · 2 samples')).toBeInTheDocument();
    expect(callsTo(calls, systemPaths.metrics)).toHaveLength(1);
  });
  it('keeps the last 60 samples for the charts', async () => {
    stubSystem();
    await openSystem();
    await connectSocket();
    const start = new Date(sampleTime).getTime();
    act(() => {
      for (let tick = 1; tick <= 70; tick += 1) {
        latestSocket().serverEmit(
          'systemMetrics',
          systemMetrics({
            timestamp: new Date(start + tick * 5_000).toISOString(),
            requestsPerMinute: tick,
          }),
        );
      }
    });
    expect(
      await within(screen.getByRole('figure', { name: 'Requests trend' })).findByText(
        'now 70 /min · 60 samples',
      ),
    ).toBeInTheDocument();
  });
  it('raises a toast and a recent event for a systemAlert, and reloads the score', async () => {
    const calls = stubSystem();
    await openSystem();
    await connectSocket();

    act(() =>
      latestSocket().serverEmit(
        'systemAlert',
        systemAlert({
          id: 'live-1',
          severity: 'critical',
          source: 'database',
          message: 'Database connection lost',
          timestamp: '2026-03-02T06:06:00.000Z',
        }),
      ),
    );
    const toastText = await screen.findByText('Database connection lost', {
      selector: '[data-sonner-toast] *',
    });
    expect(toastText).toBeInTheDocument();
    const events = within(screen.getByRole('list', { name: 'Recent system events' }));
    expect(events.getAllByRole('listitem')[0]).toHaveTextContent(
      /Database connection lost.*Critical.*Database · api-1:4242/,
    );
    await waitFor(() => expect(callsTo(calls, systemPaths.health)).toHaveLength(2));

    act(() =>
      latestSocket().serverEmit(
        'systemAlert',
        systemAlert({
          id: 'live-2',
          severity: 'low',
          source: 'database',
          state: 'resolved',
          message: 'Database connection restored',
          timestamp: '2026-03-02T06:07:00.000Z',
        }),
      ),
    );
    expect(
      await screen.findByText('Database connection restored', {
        selector: '[data-sonner-toast] *',
      }),
    ).toBeInTheDocument();
    expect(events.getAllByRole('listitem')[0]).toHaveTextContent(/restored.*Resolved/);
    expect(events.getAllByRole('listitem')).toHaveLength(3);
  });

  it('names a paused OTA rollout in its toast and event', async () => {
    stubSystem();
    await openSystem();
    await connectSocket();
    act(() =>
      latestSocket().serverEmit(
        'systemAlert',
        systemAlert({
          id: 'rollout-1',
          severity: 'critical',
          source: 'otaRollout',
          message: 'Rollout of 1.2.0 paused: crash-free devices 88.5%',
          timestamp: '2026-03-02T06:06:00.000Z',
        }),
      ),
    );
    expect(
      await screen.findByText('OTA rollout · api-1:4242', { selector: '[data-sonner-toast] *' }),
    ).toBeInTheDocument();
    const events = within(screen.getByRole('list', { name: 'Recent system events' }));
    expect(events.getAllByRole('listitem')[0]).toHaveTextContent(
      /Rollout of 1\.2\.0 paused.*OTA rollout/,
    );
  });
});
