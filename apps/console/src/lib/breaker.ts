/**
 * Client-side circuit breakers (spec 1 section 4 "Protective breakers", thresholds of section 9).
 * A breaker guards one remote data source: after enough failures it opens and answers with a
 * fallback instead of calling, so a struggling server is not hammered by every screen.
 */

export type BreakerState = 'CLOSED' | 'OPEN' | 'HALF_OPEN';

export type BreakerOptions = {
  /** Failures within the monitoring window that open the breaker. */
  failureThreshold: number;
  /** How long the breaker stays OPEN before letting one trial call through. */
  resetTimeoutMs: number;
  /** Failures older than this no longer count towards the threshold. */
  monitoringWindowMs: number;
  /** A call still running after this long fails with a BreakerTimeoutError. */
  callTimeoutMs: number;
  /** A repeat of the same call sooner than this is skipped and answered with the fallback. */
  minIntervalMs: number;
};

/** Why a call was answered with its fallback instead of running. */
export type BreakerSkipReason = 'open' | 'half-open-trial-running' | 'min-interval';

/** What a fallback is told about the skipped call. */
export type BreakerSkip = {
  breaker: string;
  reason: BreakerSkipReason;
  /** When the breaker will let a call through again. */
  retryAfter: Date;
};

/** One breaker's state as the dashboard error dialog shows it. */
export type BreakerHealth = {
  name: string;
  state: BreakerState;
  failureCount: number;
  /** When an OPEN breaker moves to HALF_OPEN; null otherwise. */
  nextAttemptAt: Date | null;
};

/** Thrown (and counted as a failure) when a call outlives callTimeoutMs. */
export class BreakerTimeoutError extends Error {
  override name = 'BreakerTimeoutError';
  constructor(breaker: string, timeoutMs: number) {
    super(`${breaker} did not answer within ${timeoutMs / 1000} s (timeout)`);
  }
}

/**
 * The console's one rule for what counts as a source's failure, which breakers count: no answer
 * (network, timeout), a 5xx, or a 429 (the server asking callers to back off, which is what a
 * breaker does). Any other 4xx is the server answering — a 404 after a row was deleted, a 403 — so
 * it never counts, and it closes a half-open breaker like any answer. Nor does a breaker's own
 * refusal or the caller's abort. An error with no status (a fetch that threw) counts: nothing
 * says the server answered.
 */
export function countsAsFailure(error: unknown): boolean {
  if (error instanceof SourceUnavailableError) return false;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  const status = statusOf(error);
  if (status !== undefined && status > 0) return status >= 500 || status === 429;
  return true;
}

/** Which failures are tried again: all but a 429, which asks for less traffic, not more. */
export function isWorthRetrying(error: unknown): boolean {
  return countsAsFailure(error) && statusOf(error) !== 429;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Default breaker: 3 failures, 30 s reset, 60 s window, 15 s per call, 2 s minimum interval. */
export const defaultBreakerOptions: BreakerOptions = {
  failureThreshold: 3,
  resetTimeoutMs: 30_000,
  monitoringWindowMs: 60_000,
  callTimeoutMs: 15_000,
  minIntervalMs: 2_000,
};

/** The named breakers of spec 1 section 9; unnamed settings take the default breaker's. */
export const breakerPresets = {
  dashboard: {
    ...defaultBreakerOptions,
    failureThreshold: 3,
    resetTimeoutMs: 30_000,
    minIntervalMs: 5_000,
  },
  clientData: { ...defaultBreakerOptions, failureThreshold: 5, resetTimeoutMs: 20_000 },
  // Spec 2 sections 4 and 9: the generic service breaker of health checks and update checks.
  service: {
    ...defaultBreakerOptions,
    failureThreshold: 5,
    resetTimeoutMs: 30_000,
    minIntervalMs: 500,
  },
  // No minimum interval: the query cache already shares one call between the footer, the settings
  // page and the billing forms, and a reload right after a save must not wait.
  settings: {
    ...defaultBreakerOptions,
    failureThreshold: 3,
    resetTimeoutMs: 45_000,
    minIntervalMs: 0,
  },
  ota: {
    ...defaultBreakerOptions,
    failureThreshold: 5,
    resetTimeoutMs: 30_000,
    minIntervalMs: 5_000,
  },
  // The OTA management screen's own breaker (spec 2 sections 4 and 9): 3 failures in 60 s. One
  // call with its retries (3 tries of at most 30 s each, the API client's timeout, and 3 s between
  // them) counts once, so the breaker's own limit only catches a call that hangs beyond all that.
  // No minimum interval: polling, Refresh and the realtime reloads each need an answer.
  otaManagement: {
    ...defaultBreakerOptions,
    failureThreshold: 3,
    monitoringWindowMs: 60_000,
    resetTimeoutMs: 30_000,
    callTimeoutMs: 120_000,
    minIntervalMs: 0,
  },
} satisfies Record<string, BreakerOptions>;

export type BreakerPresetName = keyof typeof breakerPresets;

type ExecuteOptions<T> = {
  /** The answer given instead of calling while blocked or throttled. */
  fallback: (skip: BreakerSkip) => T;
  /**
   * Names the call for the minimum-interval rule, so that a different page or search of the same
   * source is not mistaken for a repeat (default: one key for the whole breaker).
   */
  throttleKey?: string;
};

/** A breaker guarding one remote data source. */
export class CircuitBreaker {
  private state: BreakerState = 'CLOSED';
  private failures: number[] = [];
  private openedAt = 0;
  private trialRunning = false;
  private readonly lastCallAt = new Map<string, number>();
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly name: string,
    readonly options: BreakerOptions = defaultBreakerOptions,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Runs `operation` unless the breaker is OPEN, a half-open trial is already running, or the same
   * call ran less than minIntervalMs ago; then the fallback answers. A failure (countsAsFailure,
   * including a timeout) is counted and rethrown, so the caller still sees what went wrong; any
   * other error is an answer, rethrown as well.
   */
  async execute<T>(
    operation: (signal: AbortSignal) => Promise<T>,
    { fallback, throttleKey = '' }: ExecuteOptions<T>,
  ): Promise<T> {
    const now = this.now();
    this.advance(now);
    if (this.state === 'OPEN') {
      return fallback(this.skip('open', new Date(this.openedAt + this.options.resetTimeoutMs)));
    }
    if (this.state === 'HALF_OPEN' && this.trialRunning) {
      return fallback(
        this.skip('half-open-trial-running', new Date(now + this.options.resetTimeoutMs)),
      );
    }
    const previous = this.lastCallAt.get(throttleKey);
    if (previous !== undefined && now - previous < this.options.minIntervalMs) {
      return fallback(this.skip('min-interval', new Date(previous + this.options.minIntervalMs)));
    }
    this.lastCallAt.set(throttleKey, now);
    if (this.state === 'HALF_OPEN') this.trialRunning = true;
    try {
      const result = await this.withTimeout(operation);
      this.recordSuccess();
      return result;
    } catch (error) {
      if (countsAsFailure(error)) this.recordFailure();
      else this.recordSuccess();
      throw error;
    } finally {
      this.trialRunning = false;
    }
  }

  /** The current state, after applying an elapsed reset timeout. */
  getState(): BreakerState {
    this.advance(this.now());
    return this.state;
  }

  /** State, failures counted in the window, and when an open breaker retries. */
  getHealth(): BreakerHealth {
    const now = this.now();
    this.advance(now);
    return {
      name: this.name,
      state: this.state,
      failureCount: this.failuresInWindow(now).length,
      nextAttemptAt:
        this.state === 'OPEN' ? new Date(this.openedAt + this.options.resetTimeoutMs) : null,
    };
  }

  /** Back to CLOSED with no failures and no throttling memory. */
  reset(): void {
    this.state = 'CLOSED';
    this.failures = [];
    this.openedAt = 0;
    this.trialRunning = false;
    this.lastCallAt.clear();
    this.notify();
  }

  /**
   * Forgets when each call last ran, keeping state and failures: after a change the user made
   * (a client deleted), the refresh it calls for is not a repeat to be throttled into the fallback.
   */
  allowFreshCalls(): void {
    this.lastCallAt.clear();
  }

  /** Calls `listener` whenever the state or failure count changes. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private skip(reason: BreakerSkipReason, retryAfter: Date): BreakerSkip {
    return { breaker: this.name, reason, retryAfter };
  }

  private advance(now: number): void {
    if (this.state === 'OPEN' && now - this.openedAt >= this.options.resetTimeoutMs) {
      this.state = 'HALF_OPEN';
      this.notify();
    }
  }

  private failuresInWindow(now: number): number[] {
    return this.failures.filter((at) => now - at < this.options.monitoringWindowMs);
  }

  private recordSuccess(): void {
    if (this.state === 'CLOSED' && this.failures.length === 0) return;
    this.state = 'CLOSED';
    this.failures = [];
    this.notify();
  }

  private recordFailure(): void {
    const now = this.now();
    this.failures = [...this.failuresInWindow(now), now];
    // A failed trial means the source is still down: open again for a full reset timeout.
    if (this.state === 'HALF_OPEN' || this.failures.length >= this.options.failureThreshold) {
      this.state = 'OPEN';
      this.openedAt = now;
    }
    this.notify();
  }

  private withTimeout<T>(operation: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        controller.abort();
        reject(new BreakerTimeoutError(this.name, this.options.callTimeoutMs));
      }, this.options.callTimeoutMs);
      operation(controller.signal).then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Health of every breaker: counts for the summary and one row per breaker. */
export type BreakerHealthStatus = {
  healthy: number;
  degraded: number;
  breakers: BreakerHealth[];
};

/** Holds one breaker per name so every screen shares the same protection for a source. */
export class BreakerRegistry {
  private readonly breakers = new Map<string, CircuitBreaker>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** The breaker called `name`, created with its preset (or `options`, or the default) on first use. */
  get(name: BreakerPresetName | (string & {}), options?: BreakerOptions): CircuitBreaker {
    let breaker = this.breakers.get(name);
    if (!breaker) {
      const preset = (breakerPresets as Record<string, BreakerOptions>)[name];
      breaker = new CircuitBreaker(name, options ?? preset ?? defaultBreakerOptions, this.now);
      this.breakers.set(name, breaker);
    }
    return breaker;
  }

  /** Healthy (CLOSED) and degraded (OPEN or HALF_OPEN) counts, with every breaker's health. */
  getHealthStatus(): BreakerHealthStatus {
    const breakers = [...this.breakers.values()].map((breaker) => breaker.getHealth());
    const healthy = breakers.filter((breaker) => breaker.state === 'CLOSED').length;
    return { healthy, degraded: breakers.length - healthy, breakers };
  }

  /** Returns every breaker to CLOSED ('reset all service protection'). */
  resetAll(): void {
    for (const breaker of this.breakers.values()) breaker.reset();
  }
}

/** The console's breakers, shared by every feature. */
export const breakers = new BreakerRegistry();

/** Resolves at `moment`, or rejects with the signal's reason when it aborts first. */
export function waitUntil(moment: Date, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(resolve, Math.max(0, moment.getTime() - Date.now()));
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** A source whose breaker is open: the screen shows its fallback message. */
export class SourceUnavailableError extends Error {
  override name = 'SourceUnavailableError';

  constructor(
    message: string,
    readonly reason: BreakerSkipReason,
    readonly retryAfter: Date,
  ) {
    super(message);
  }
}

/**
 * Runs `operation` through the named breaker (with `options`, or its preset). A call throttled by
 * the minimum interval waits the interval out instead of failing (screens sharing one source must
 * all get an answer); an open breaker throws SourceUnavailableError with `unavailableMessage`.
 * Failures are rethrown as they are.
 */
export async function throughBreaker<T>(
  name: BreakerPresetName | (string & {}),
  operation: (signal: AbortSignal) => Promise<T>,
  {
    unavailableMessage,
    signal,
    options,
  }: { unavailableMessage: string; signal?: AbortSignal; options?: BreakerOptions },
): Promise<T> {
  const breaker = breakers.get(name, options);
  for (;;) {
    const result = await breaker.execute<{ ran: T } | { skipped: BreakerSkip }>(
      async (breakerSignal) => ({ ran: await operation(breakerSignal) }),
      { fallback: (skip) => ({ skipped: skip }) },
    );
    if ('ran' in result) return result.ran;
    const { reason, retryAfter } = result.skipped;
    if (reason !== 'min-interval') {
      throw new SourceUnavailableError(unavailableMessage, reason, retryAfter);
    }
    await waitUntil(retryAfter, signal);
  }
}
