import autocannon, { type Request as AutocannonRequest } from 'autocannon';

export interface LatencyFigures {
  p50: number;
  p95: number;
  max: number;
  /** How many times were measured (the samples behind p50 and p95). */
  requests: number;
  errors: number;
}

/** Fewer samples than this give no p95 worth the name: a row reports their max instead. */
export const minP95Samples = 100;

/** The tail a row reports: the p95 of enough samples, else the max of the few there are. */
export function tailOf(figures: LatencyFigures): { label: string; value: number } {
  return figures.requests >= minP95Samples
    ? { label: 'p95', value: figures.p95 }
    : { label: `max of ${figures.requests}`, value: figures.max };
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Stop after this many requests instead (a warm-up round). */
  amount?: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** Rotating requests (e.g. one device token each). */
  requests?: AutocannonRequest[];
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** p50, p95 and max of measured times (ms), sorted in place. */
export function latencyOf(times: number[], errors = 0): LatencyFigures {
  const sorted = times.sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    requests: sorted.length,
    errors,
  };
}

/** Runs autocannon and answers its result with every response time (ms) it saw. */
async function run(options: LoadOptions) {
  const times: number[] = [];
  let errors = 0;
  let instance!: autocannon.Instance;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        amount: options.amount,
        headers: { 'accept-encoding': 'gzip, br', ...options.headers },
        method: options.method ?? 'GET',
        body: options.body,
        requests: options.requests,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    if (statusCode >= 400) errors += 1;
  });
  const result = await finished;
  return { result, times, errors };
}

/** p50 and p95 response times (ms) of a request under `connections` concurrent clients. */
export async function measureLatency(options: LoadOptions): Promise<LatencyFigures> {
  const { times, errors } = await run(options);
  return latencyOf(times, errors);
}

/** Requests a second (2xx only) under `connections` concurrent clients. */
export async function measureThroughput(
  options: LoadOptions,
): Promise<{ rps: number; errors: number }> {
  const { result, errors } = await run(options);
  return { rps: result['2xx'] / options.durationSeconds, errors };
}

/** Median and 95th percentile of `runs` sequential calls in this process, in ms. */
export async function timeRuns(
  runs: number,
  call: () => Promise<unknown>,
): Promise<LatencyFigures> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return latencyOf(times);
}
