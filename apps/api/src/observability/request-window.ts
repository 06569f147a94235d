/** The last minute of the API's own requests: rate, error rate and response times. */
export interface RequestWindow {
  /** Counts one answered request; a status of 500 or more is an error. */
  record(durationMs: number, status: number): void;
  summary(): RequestWindowSummary;
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
  /** Response-time percentiles in ms (null without requests), within about 5 percent. */
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
}

/** The summed buckets of a window. */
interface RequestWindowSnapshot {
  requests: number;
  errors: number;
  totalMs: number;
  minMs: number;
  maxMs: number;
  /** Requests per latency bin (latencyBinBounds). */
  bins: number[];
}

export interface RequestWindowOptions {
  /** Default 60 s: the spec's "requests per minute". */
  windowMs?: number;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now?: () => number;
}

const bucketMs = 1_000;

/**
 * Upper bounds of the latency bins, in ms: each 5 percent above the one before, from 0.1 ms to
 * two minutes, so a percentile read from the bins is within 5 percent of the true one while the
 * window holds a fixed amount of memory whatever the traffic (60 buckets of 290 counters).
 */
export const latencyBinBounds: readonly number[] = (() => {
  const bounds: number[] = [];
  for (let bound = 0.1; bound < 120_000; bound *= 1.05) bounds.push(bound);
  bounds.push(Number.POSITIVE_INFINITY);
  return bounds;
})();

function binOf(durationMs: number): number {
  // Binary search: the first bound at or above the duration.
  let low = 0;
  let high = latencyBinBounds.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (latencyBinBounds[middle]! >= durationMs) high = middle;
    else low = middle + 1;
  }
  return low;
}

interface Bucket {
  /** Which second (since the epoch) the bucket holds; older contents are stale. */
  second: number;
  requests: number;
  errors: number;
  totalMs: number;
  minMs: number;
  maxMs: number;
  bins: Uint32Array;
}

const emptyBucket = (second: number): Bucket => ({
  second,
  requests: 0,
  errors: 0,
  totalMs: 0,
  minMs: Number.POSITIVE_INFINITY,
  maxMs: 0,
  bins: new Uint32Array(latencyBinBounds.length),
});

/**
 * A sliding window of one-second buckets in a ring: recording is a few additions, reading sums
 * the buckets of the last `windowMs`. No sample is kept, so memory does not grow with traffic.
 */
export function createRequestWindow(options: RequestWindowOptions = {}): RequestWindow {
  const now = options.now ?? Date.now;
  const size = Math.max(1, Math.ceil((options.windowMs ?? 60_000) / bucketMs));
  const ring: Bucket[] = Array.from({ length: size }, () => emptyBucket(-1));

  const current = (): Bucket => {
    const second = Math.floor(now() / bucketMs);
    const index = second % size;
    if (ring[index]!.second !== second) ring[index] = emptyBucket(second);
    return ring[index]!;
  };

  const snapshot = (): RequestWindowSnapshot => {
    const second = Math.floor(now() / bucketMs);
    const merged: RequestWindowSnapshot = {
      requests: 0,
      errors: 0,
      totalMs: 0,
      minMs: Number.POSITIVE_INFINITY,
      maxMs: 0,
      bins: new Array<number>(latencyBinBounds.length).fill(0),
    };
    for (const bucket of ring) {
      if (bucket.second <= second - size || bucket.second > second) continue;
      addInto(merged, bucket);
    }
    return merged;
  };

  return {
    record(durationMs, status) {
      const bucket = current();
      const duration = Math.max(0, durationMs);
      bucket.requests += 1;
      if (status >= 500) bucket.errors += 1;
      bucket.totalMs += duration;
      bucket.minMs = Math.min(bucket.minMs, duration);
      bucket.maxMs = Math.max(bucket.maxMs, duration);
      bucket.bins[binOf(duration)]! += 1;
    },
    summary: () => summarise(snapshot()),
  };
}

function addInto(
  target: RequestWindowSnapshot,
  source: Omit<RequestWindowSnapshot, 'bins'> & { bins: ArrayLike<number> },
): void {
  target.requests += source.requests;
  target.errors += source.errors;
  target.totalMs += source.totalMs;
  target.minMs = Math.min(target.minMs, source.minMs);
  target.maxMs = Math.max(target.maxMs, source.maxMs);
  for (let index = 0; index < target.bins.length; index += 1) {
    target.bins[index]! += source.bins[index] ?? 0;
  }
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Rate, error rate, mean and percentiles of a window's figures. */
function summarise(window: RequestWindowSnapshot): RequestWindowSummary {
  const { requests, errors } = window;
  if (requests === 0) {
    return { requests, errors, errorRate: 0, meanMs: 0, p50Ms: null, p95Ms: null, p99Ms: null };
  }
  return {
    requests,
    errors,
    errorRate: oneDecimal((errors / requests) * 100),
    meanMs: oneDecimal(window.totalMs / requests),
    p50Ms: percentile(window, 0.5),
    p95Ms: percentile(window, 0.95),
    p99Ms: percentile(window, 0.99),
  };
}

/**
 * The duration under which `fraction` of the requests fall: the bin holding that rank, read by
 * linear interpolation inside it, and kept within the smallest and largest durations seen.
 */
function percentile(window: RequestWindowSnapshot, fraction: number): number {
  const rank = Math.max(1, Math.ceil(fraction * window.requests));
  let seen = 0;
  for (let index = 0; index < window.bins.length; index += 1) {
    const count = window.bins[index]!;
    if (seen + count >= rank) {
      const lower = index === 0 ? 0 : latencyBinBounds[index - 1]!;
      const upper = Math.min(latencyBinBounds[index]!, window.maxMs);
      const value = lower + (Math.max(upper, lower) - lower) * ((rank - seen) / count);
      return oneDecimal(Math.min(window.maxMs, Math.max(window.minMs, value)));
    }
    seen += count;
  }
  return oneDecimal(window.maxMs);
}
