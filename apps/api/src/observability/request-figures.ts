import { Counter, Summary, type Registry } from 'prom-client';

/** The last minute of the API's own requests: rate, error rate and response times. */
export interface RequestFigures {
  /** Counts one answered request; a status of 500 or more is an error. */
  record(durationMs: number, status: number): void;
  summary(): Promise<RequestWindowSummary>;
  /** Stops the window's snapshots. */
  close(): void;
}

export interface RequestWindowSummary {
  /** Requests answered within the window. */
  requests: number;
  /** Answers of 500 or more. */
  errors: number;
  /** errors / requests in percent, one decimal (0 without requests). */
  errorRate: number;
  /** Mean response time in ms, one decimal (0 without requests). */
  meanMs: number;
  /** Response-time percentiles in ms (null without requests). */
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
}

export interface RequestFiguresOptions {
  /** Default 60 s: the spec's "requests per minute". */
  windowMs?: number;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now?: () => number;
}

/** The summary's running totals at one moment. */
type Totals = { at: number; count: number; sumSeconds: number; errors: number };

/** Windows are read from totals taken this many times a window (the rate covers 5/6 to 1 of it). */
const snapshotsPerWindow = 6;

/**
 * The panel's request figures from prom-client metrics in `registry` (so /metrics serves them
 * too): a summary whose quantiles cover the last minute (maxAgeSeconds) and a 5xx counter. A
 * summary's count and sum run from the start, so the window's count, errors and mean are those
 * totals less the ones taken about a window ago (as PromQL's `increase`).
 */
export function createRequestFigures(
  registry: Registry,
  options: RequestFiguresOptions = {},
): RequestFigures {
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? 60_000;
  const durations = new Summary({
    name: 'patrol_panel_request_duration_seconds',
    help: 'Time to answer a request, as the system panel counts them (probes and scrapes left out); quantiles over the last minute.',
    percentiles: [0.5, 0.95, 0.99],
    maxAgeSeconds: windowMs / 1000,
    // Each observation goes into every age bucket: few buckets keep a request's cost small.
    ageBuckets: 3,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'patrol_panel_request_errors_total',
    help: 'Answers of 500 or more among the requests the system panel counts.',
    registers: [registry],
  });

  const totals = async (): Promise<{ now: Totals; quantiles: number[] }> => {
    const { values } = await durations.get();
    const valueOf = (name: string) => values.find((v) => v.metricName === name)?.value ?? 0;
    const quantiles = values.filter((v) => v.metricName === undefined).map((v) => v.value);
    const errorCount = (await errors.get()).values[0]?.value ?? 0;
    return {
      now: {
        at: now(),
        count: valueOf('patrol_panel_request_duration_seconds_count'),
        sumSeconds: valueOf('patrol_panel_request_duration_seconds_sum'),
        errors: errorCount,
      },
      quantiles,
    };
  };

  let snapshots: Totals[] = [{ at: now(), count: 0, sumSeconds: 0, errors: 0 }];
  const takeSnapshot = async () => {
    const { now: current } = await totals();
    snapshots = [...snapshots.filter((s) => s.at >= current.at - windowMs), current];
  };
  const timer = setInterval(() => void takeSnapshot(), windowMs / snapshotsPerWindow);
  timer.unref();

  return {
    record(durationMs, status) {
      durations.observe(Math.max(0, durationMs) / 1000);
      if (status >= 500) errors.inc();
    },
    async summary() {
      const { now: current, quantiles } = await totals();
      const base = snapshots.find((s) => s.at >= current.at - windowMs) ?? current;
      return summarise(
        current.count - base.count,
        current.errors - base.errors,
        (current.sumSeconds - base.sumSeconds) * 1000,
        quantiles.map((seconds) => seconds * 1000),
      );
    },
    close: () => clearInterval(timer),
  };
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function summarise(
  requests: number,
  errors: number,
  totalMs: number,
  [p50 = 0, p95 = 0, p99 = 0]: number[],
): RequestWindowSummary {
  if (requests <= 0) {
    return {
      requests: 0,
      errors: 0,
      errorRate: 0,
      meanMs: 0,
      p50Ms: null,
      p95Ms: null,
      p99Ms: null,
    };
  }
  return {
    requests,
    errors,
    errorRate: oneDecimal((errors / requests) * 100),
    meanMs: oneDecimal(totalMs / requests),
    p50Ms: oneDecimal(p50),
    p95Ms: oneDecimal(p95),
    p99Ms: oneDecimal(p99),
  };
}
