import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BreakerRegistry,
  BreakerTimeoutError,
  CircuitBreaker,
  breakerPresets,
  defaultBreakerOptions,
  type BreakerSkip,
} from '@/lib/breaker';

const noThrottle = { ...defaultBreakerOptions, minIntervalMs: 0 };
const fallback = (skip: BreakerSkip) => `fallback:${skip.reason}`;
const fail = () => Promise.reject(new Error('boom'));
const succeed = () => Promise.resolve('ok');

async function failTimes(breaker: CircuitBreaker, times: number) {
  for (let index = 0; index < times; index += 1) {
    await expect(breaker.execute(fail, { fallback })).rejects.toThrow('boom');
  }
}

describe('CircuitBreaker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays CLOSED below the failure threshold and rethrows each failure', async () => {
    const breaker = new CircuitBreaker('test', noThrottle);
    await failTimes(breaker, 2);
    expect(breaker.getState()).toBe('CLOSED');
    expect(breaker.getHealth().failureCount).toBe(2);
  });

  it('opens at the threshold and answers with the fallback without calling', async () => {
    const breaker = new CircuitBreaker('test', noThrottle);
    await failTimes(breaker, 3);
    const operation = vi.fn(succeed);
    await expect(breaker.execute(operation, { fallback })).resolves.toBe('fallback:open');
    expect(operation).not.toHaveBeenCalled();
    expect(breaker.getState()).toBe('OPEN');
  });

  it('tells the fallback when a retry will be allowed', async () => {
    const breaker = new CircuitBreaker('test', noThrottle);
    await failTimes(breaker, 3);
    const skip = await breaker.execute<BreakerSkip | string>(succeed, { fallback: (info) => info });
    expect(skip).toMatchObject({ breaker: 'test', reason: 'open' });
    expect((skip as BreakerSkip).retryAfter.getTime()).toBe(Date.now() + 30_000);
  });

  it('moves to HALF_OPEN after the reset timeout and closes on a successful trial', async () => {
    const breaker = new CircuitBreaker('test', noThrottle);
    await failTimes(breaker, 3);
    vi.advanceTimersByTime(30_000);
    expect(breaker.getState()).toBe('HALF_OPEN');
    await expect(breaker.execute(succeed, { fallback })).resolves.toBe('ok');
    expect(breaker.getHealth()).toMatchObject({ state: 'CLOSED', failureCount: 0 });
  });

  it('lets only one trial call through while HALF_OPEN', async () => {
    const breaker = new CircuitBreaker('test', noThrottle);
    await failTimes(breaker, 3);
    vi.advanceTimersByTime(30_000);
    let finishTrial: (value: string) => void = () => undefined;
    const trial = breaker.execute(() => new Promise<string>((resolve) => (finishTrial = resolve)), {
      fallback,
    });
    await expect(breaker.execute(succeed, { fallback })).resolves.toBe(
      'fallback:half-open-trial-running',
    );
    finishTrial('ok');
    await expect(trial).resolves.toBe('ok');
  });

  it('opens again when the HALF_OPEN trial fails', async () => {
    const breaker = new CircuitBreaker('test', noThrottle);
    await failTimes(breaker, 3);
    vi.advanceTimersByTime(30_000);
    await failTimes(breaker, 1);
    expect(breaker.getState()).toBe('OPEN');
    vi.advanceTimersByTime(29_999);
    expect(breaker.getState()).toBe('OPEN');
  });

  it('forgets failures older than the monitoring window', async () => {
    const breaker = new CircuitBreaker('test', noThrottle);
    await failTimes(breaker, 2);
    vi.advanceTimersByTime(60_000);
    await failTimes(breaker, 1);
    expect(breaker.getState()).toBe('CLOSED');
    expect(breaker.getHealth().failureCount).toBe(1);
  });

  it('skips a repeat of the same call within the minimum interval', async () => {
    const breaker = new CircuitBreaker('test', defaultBreakerOptions);
    await expect(breaker.execute(succeed, { fallback })).resolves.toBe('ok');
    vi.advanceTimersByTime(1_999);
    await expect(breaker.execute(succeed, { fallback })).resolves.toBe('fallback:min-interval');
    vi.advanceTimersByTime(1);
    await expect(breaker.execute(succeed, { fallback })).resolves.toBe('ok');
  });

  it('throttles each throttle key on its own', async () => {
    const breaker = new CircuitBreaker('test', defaultBreakerOptions);
    await breaker.execute(succeed, { fallback, throttleKey: 'page-1' });
    await expect(breaker.execute(succeed, { fallback, throttleKey: 'page-2' })).resolves.toBe('ok');
  });

  it('fails a call that outlives the per-call timeout and aborts it', async () => {
    const breaker = new CircuitBreaker('test', noThrottle);
    let signal: AbortSignal | undefined;
    const pending = breaker.execute(
      (given) => {
        signal = given;
        return new Promise<string>(() => undefined);
      },
      { fallback },
    );
    const assertion = expect(pending).rejects.toBeInstanceOf(BreakerTimeoutError);
    vi.advanceTimersByTime(15_000);
    await assertion;
    expect(signal?.aborted).toBe(true);
    expect(breaker.getHealth().failureCount).toBe(1);
  });

  it('counts no 4xx answer (a 404 after a row was deleted), and closes a half-open breaker on one', async () => {
    const breaker = new CircuitBreaker('test', noThrottle);
    const notFound = () => Promise.reject(Object.assign(new Error('Not found'), { status: 404 }));
    for (let call = 0; call < 5; call += 1) {
      await expect(breaker.execute(notFound, { fallback })).rejects.toThrow('Not found');
    }
    expect(breaker.getHealth()).toMatchObject({ state: 'CLOSED', failureCount: 0 });
    await failTimes(breaker, 3);
    vi.advanceTimersByTime(30_000);
    await expect(breaker.execute(notFound, { fallback })).rejects.toThrow('Not found');
    expect(breaker.getState()).toBe('CLOSED');
  });

  it('counts a 5xx answer and a call that got no answer', async () => {
    const breaker = new CircuitBreaker('test', noThrottle);
    const unavailable = () => Promise.reject(Object.assign(new Error('Down'), { status: 503 }));
    const offline = () => Promise.reject(Object.assign(new Error('Offline'), { status: 0 }));
    await expect(breaker.execute(unavailable, { fallback })).rejects.toThrow('Down');
    await expect(breaker.execute(offline, { fallback })).rejects.toThrow('Offline');
    expect(breaker.getHealth().failureCount).toBe(2);
  });

  it('returns to CLOSED with no counts on reset', async () => {
    const breaker = new CircuitBreaker('test', noThrottle);
    await failTimes(breaker, 3);
    breaker.reset();
    expect(breaker.getHealth()).toEqual({
      name: 'test',
      state: 'CLOSED',
      failureCount: 0,
      nextAttemptAt: null,
    });
  });
});

describe('BreakerRegistry', () => {
  it('creates breakers with the spec presets', () => {
    const registry = new BreakerRegistry();
    expect(registry.get('dashboard').options).toMatchObject({
      failureThreshold: 3,
      resetTimeoutMs: 30_000,
      minIntervalMs: 5_000,
    });
    expect(registry.get('clientData').options).toMatchObject({
      failureThreshold: 5,
      resetTimeoutMs: 20_000,
    });
    expect(registry.get('settings').options).toMatchObject({
      failureThreshold: 3,
      resetTimeoutMs: 45_000,
    });
    expect(registry.get('anything-else').options).toEqual(defaultBreakerOptions);
    expect(registry.get('dashboard')).toBe(registry.get('dashboard'));
    expect(breakerPresets.ota.failureThreshold).toBe(5);
  });

  it('reports healthy and degraded breakers and resets them all', async () => {
    const registry = new BreakerRegistry();
    registry.get('settings');
    const dashboard = registry.get('dashboard', noThrottle);
    await failTimes(dashboard, 3);
    expect(registry.getHealthStatus()).toMatchObject({
      healthy: 1,
      degraded: 1,
      breakers: [
        { name: 'settings', state: 'CLOSED' },
        { name: 'dashboard', state: 'OPEN', failureCount: 3 },
      ],
    });
    registry.resetAll();
    expect(registry.getHealthStatus()).toMatchObject({ healthy: 2, degraded: 0 });
  });
});
