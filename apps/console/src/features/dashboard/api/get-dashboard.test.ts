import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardUnavailableError, getDashboard } from '@/features/dashboard/api/get-dashboard';
import { sampleDashboard } from '@/features/dashboard/components/dashboard-test-data';
import { breakers } from '@/lib/breaker';
import { stubApi } from '@/test/fake-api';
import { jsonResponse } from '@/test/test-utils';

// Each test starts from closed breakers; the clock is faked where a test waits.
beforeEach(() => breakers.resetAll());

afterEach(() => vi.unstubAllGlobals());

describe('getDashboard', () => {
  it('waits out the breaker minimum interval (5 s) instead of failing a quick second call', async () => {
    vi.useFakeTimers();
    try {
      const calls = stubApi({
        'GET /api/clients/dashboard': () => jsonResponse(sampleDashboard()),
      });
      await getDashboard();
      let settled = false;
      const second = getDashboard().finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(4_900);
      expect(settled).toBe(false);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(100);
      await expect(second).resolves.toMatchObject({ success: true });
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops waiting when the query is cancelled', async () => {
    stubApi({ 'GET /api/clients/dashboard': () => jsonResponse(sampleDashboard()) });
    await getDashboard();
    const controller = new AbortController();
    const second = getDashboard(controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(second).rejects.toThrow('cancelled');
  });

  it('answers an open breaker with Dashboard temporarily unavailable and its retry time', async () => {
    const breaker = breakers.get('dashboard');
    for (const attempt of ['first', 'second', 'third']) {
      await breaker
        .execute(() => Promise.reject(new Error('Boom')), {
          fallback: () => null,
          throttleKey: attempt,
        })
        .catch(() => {
          // Counted by the breaker; the rejection itself is expected.
        });
    }
    const calls = stubApi({ 'GET /api/clients/dashboard': () => jsonResponse(sampleDashboard()) });
    const error = await getDashboard().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DashboardUnavailableError);
    expect(error).toMatchObject({ message: 'Dashboard temporarily unavailable', reason: 'open' });
    expect((error as DashboardUnavailableError).retryAfter).toBeInstanceOf(Date);
    expect(calls).toHaveLength(0);
  });

  it("turns success false into an error with the server's message", async () => {
    stubApi({
      'GET /api/clients/dashboard': () =>
        jsonResponse({ success: false, message: 'Statistics are being rebuilt' }),
    });
    await expect(getDashboard()).rejects.toThrow(
      new DashboardUnavailableError('Statistics are being rebuilt'),
    );
  });
});
