import { getHeapStatistics } from 'node:v8';
import type { Registry } from 'prom-client';

/** What one API process measures of itself. */
export interface ProcessFigures {
  /** Bytes; heapLimit is V8's heap size limit, where the process runs out of memory. */
  memory: { heapUsed: number; heapTotal: number; heapLimit: number; rss: number };
  /** CPU time (user and system) over the last sample period, in percent of one core. */
  cpuPercent: number;
  /** Event-loop delay beyond the timer's resolution since the previous read, in ms. */
  eventLoop: { lagMs: number; p99Ms: number; maxMs: number };
  /** Seconds since the process started. */
  uptime: number;
}

/** Reads this process's memory, CPU and event-loop figures. */
export interface ProcessSampler {
  read(): Promise<ProcessFigures>;
}

export interface ProcessSamplerOptions {
  /** The CPU figure covers at least this long (default 1 s); reads in between repeat it. */
  cpuPeriodMs?: number;
  /** Monotonic milliseconds; tests pass a fake clock. */
  now?: () => number;
}

/**
 * prom-client's default metrics sample the loop this often (eventLoopMonitoringPrecision); each
 * sample includes this much, which is not lag.
 */
const eventLoopResolutionMs = 10;

const round = (value: number, digits = 1) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/**
 * Process figures from prom-client's default metrics in `registry` (collectDefaultMetrics), the
 * ones /metrics serves: the CPU percentage is the change of `process_cpu_seconds_total` over at
 * least `cpuPeriodMs` (so two reads a millisecond apart do not answer 0 or 400), and the event-loop
 * delay is `nodejs_eventloop_lag_*` (monitorEventLoopDelay, restarted at each collection).
 */
export function createProcessSampler(
  registry: Registry,
  options: ProcessSamplerOptions = {},
): ProcessSampler {
  const now = options.now ?? (() => performance.now());
  const cpuPeriodMs = options.cpuPeriodMs ?? 1_000;
  const gauge = async (name: string) =>
    (await registry.getSingleMetric(name)?.get())?.values[0]?.value ?? Number.NaN;

  let cpuMark: { at: number; seconds: number } | undefined;
  // Until a full period has passed, the CPU figure is the average since the process started.
  let cpuPercent: number | undefined;
  const readCpu = async () => {
    const at = now();
    if (cpuMark && at - cpuMark.at < cpuPeriodMs && cpuPercent !== undefined) return cpuPercent;
    // The user-time counter's collection sets the total's value.
    await gauge('process_cpu_user_seconds_total');
    const seconds = await gauge('process_cpu_seconds_total');
    cpuPercent = cpuMark
      ? ((seconds - cpuMark.seconds) / ((at - cpuMark.at) / 1000)) * 100
      : (seconds / process.uptime()) * 100;
    cpuMark = { at, seconds };
    return cpuPercent;
  };

  let lastLoop: ProcessFigures['eventLoop'] = { lagMs: 0, p99Ms: 0, maxMs: 0 };
  const readLoop = async () => {
    // The lag gauge's collection sets the others' values, then restarts the histogram.
    await gauge('nodejs_eventloop_lag_seconds');
    const [mean, p99, max] = await Promise.all(
      ['mean', 'p99', 'max'].map((figure) => gauge(`nodejs_eventloop_lag_${figure}_seconds`)),
    );
    // Without a sample since the last collection the histogram answers NaN: repeat the last.
    if (!Number.isFinite(mean)) return lastLoop;
    const lag = (seconds = 0) => round(Math.max(0, seconds * 1000 - eventLoopResolutionMs), 2);
    lastLoop = { lagMs: lag(mean), p99Ms: lag(p99), maxMs: lag(max) };
    return lastLoop;
  };

  return {
    async read() {
      const memory = process.memoryUsage();
      const [cpu, eventLoop] = await Promise.all([readCpu(), readLoop()]);
      return {
        memory: {
          heapUsed: memory.heapUsed,
          heapTotal: memory.heapTotal,
          heapLimit: getHeapStatistics().heap_size_limit,
          rss: memory.rss,
        },
        cpuPercent: round(Math.max(0, cpu)),
        eventLoop,
        uptime: Math.round(process.uptime()),
      };
    },
  };
}
