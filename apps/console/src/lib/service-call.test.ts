import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SourceUnavailableError,
  breakerPresets,
  breakers,
  countsAsFailure,
  isWorthRetrying,
} from '@/lib/breaker';
import { callService, withRetry } from '@/lib/service-call';

const boom = () => Promise.reject(new Error('boom'));

describe('callService (the generic service breaker)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    breakers.resetAll();
  });
  afterEach(() => vi.useRealTimers());

  it('has the spec settings: 5 failures, 30 s open, 500 ms between calls', () => {
    expect(breakerPresets.service).toMatchObject({
      failureThreshold: 5,
      resetTimeoutMs: 30_000,
      minIntervalMs: 500,
    });
  });

  it("refuses a repeat within 500 ms with 'Rate limited', then lets it through", async () => {
    await expect(callService('svc-rate', () => Promise.resolve('ok'))).resolves.toBe('ok');
    vi.advanceTimersByTime(499);
    const refused = callService('svc-rate', () => Promise.resolve('again'));
    await expect(refused).rejects.toBeInstanceOf(SourceUnavailableError);
    await expect(refused).rejects.toThrow('Rate limited');
    vi.advanceTimersByTime(1);
    await expect(callService('svc-rate', () => Promise.resolve('again'))).resolves.toBe('again');
  });

  it("opens after 5 failures with 'Service temporarily unavailable', half-opens after 30 s and closes on success", async () => {
    for (let failure = 0; failure < 5; failure += 1) {
      await expect(callService('svc-open', boom)).rejects.toThrow('boom');
      vi.advanceTimersByTime(500);
    }
    const operation = vi.fn(() => Promise.resolve('ok'));
    await expect(callService('svc-open', operation)).rejects.toThrow(
      'Service temporarily unavailable',
    );
    expect(operation).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(breakers.get('svc-open').getState()).toBe('HALF_OPEN');
    await expect(callService('svc-open', operation)).resolves.toBe('ok');
    expect(breakers.get('svc-open').getState()).toBe('CLOSED');
  });
});

describe('withRetry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries 3 times, waiting 1 s then 2 s plus jitter', async () => {
    const operation = vi
      .fn<(attempt: number) => Promise<string>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockRejectedValueOnce(new Error('still down'))
      .mockResolvedValueOnce('up');
    const result = withRetry(operation, { random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(operation).toHaveBeenCalledTimes(1);
    // 1000 ms doubled from the base, plus half of the 1 s jitter.
    await vi.advanceTimersByTimeAsync(1_499);
    expect(operation).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(operation).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_499);
    expect(operation).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('up');
    expect(operation.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
  });

  it('rethrows the last failure after the third try', async () => {
    let tries = 0;
    const result = withRetry(() => Promise.reject(new Error(`failure ${++tries}`)), {
      random: () => 0,
    });
    const assertion = expect(result).rejects.toThrow('failure 3');
    await vi.advanceTimersByTimeAsync(3_000);
    await assertion;
    expect(tries).toBe(3);
  });

  it('does not retry what time will not mend: a 4xx answer, a breaker refusal', async () => {
    const forbidden = Object.assign(new Error('Forbidden'), { status: 403 });
    const operation = vi.fn(() => Promise.reject(forbidden));
    await expect(withRetry(operation)).rejects.toBe(forbidden);
    expect(operation).toHaveBeenCalledTimes(1);
    expect(
      isWorthRetrying(new SourceUnavailableError('Rate limited', 'min-interval', new Date())),
    ).toBe(false);
    const busy = Object.assign(new Error('busy'), { status: 429 });
    // A 429 counts against a breaker (the server asks for less traffic) but is not tried again.
    expect([countsAsFailure(busy), isWorthRetrying(busy)]).toEqual([true, false]);
    expect(isWorthRetrying(Object.assign(new Error('down'), { status: 503 }))).toBe(true);
    expect(isWorthRetrying(Object.assign(new Error('offline'), { status: 0 }))).toBe(true);
    expect(countsAsFailure(Object.assign(new Error('gone'), { status: 404 }))).toBe(false);
  });

  it('waits the same delay each time with a multiplier of 1 and no jitter', async () => {
    const operation = vi
      .fn<(attempt: number) => Promise<string>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce('up');
    const result = withRetry(operation, { baseDelayMs: 3_000, multiplier: 1, maxJitterMs: 0 });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(operation).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('up');
  });

  it('stops waiting when aborted', async () => {
    const controller = new AbortController();
    const operation = vi.fn(boom);
    const result = withRetry(operation, { signal: controller.signal });
    const assertion = expect(result).rejects.toBe('cancelled');
    await vi.advanceTimersByTimeAsync(500);
    controller.abort('cancelled');
    await assertion;
    expect(operation).toHaveBeenCalledTimes(1);
  });
});
