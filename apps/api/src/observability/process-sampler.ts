import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { roundTo } from '@patrol/domain';

/** What one API process measures of itself. */
export interface ProcessFigures {
  /** Bytes; heapLimit is V8's heap size limit, where the process runs out of memory. */
  memory: { heapUsed: number; heapTotal: number; heapLimit: number; rss: number };
  /** CPU time (user and system) over the last sample period, in percent of one core. */
  cpuPercent: number;
  /** Event-loop delay beyond the timer's resolution over the last period, in ms. */
  eventLoop: { lagMs: number; p99Ms: number; maxMs: number };
  /** Seconds since the process started. */
  uptime: number;
}

/** Reads this process's memory, CPU and event-loop figures. */
export interface ProcessSampler {
  read(): ProcessFigures;
  /** Stops the event-loop monitor; safe to call twice. */
  close(): void;
}

export interface ProcessSamplerOptions {
  /** The CPU figure covers at least this long (default 1 s); reads in between repeat it. */
  cpuPeriodMs?: number;
  /** The event-loop figures cover this long (default 5 s) before the histogram starts again. */
  eventLoopPeriodMs?: number;
  /** Monotonic milliseconds; tests pass a fake clock. */
  now?: () => number;
  /** Microseconds of CPU time, as process.cpuUsage(); tests pass fixed figures. */
  cpuUsage?: () => NodeJS.CpuUsage;
}

/** The monitor samples the loop this often; each sample includes this much, which is not lag. */
const eventLoopResolutionMs = 10;

/**
 * Process figures the way `top` and a load balancer see them: the CPU percentage is the change in
 * CPU time over at least `cpuPeriodMs` (so two reads a millisecond apart do not answer 0 or 400),
 * and the event-loop delay comes from perf_hooks.monitorEventLoopDelay over the last full period.
 */
export function createProcessSampler(options: ProcessSamplerOptions = {}): ProcessSampler {
  const now = options.now ?? (() => performance.now());
  const cpuUsage = options.cpuUsage ?? (() => process.cpuUsage());
  const cpuPeriodMs = options.cpuPeriodMs ?? 1_000;
  const eventLoopPeriodMs = options.eventLoopPeriodMs ?? 5_000;

  // Until a full period has passed, the CPU figure is the average since the process started.
  const startUsage = cpuUsage();
  const uptimeMs = process.uptime() * 1000;
  let cpuPercent = uptimeMs > 0 ? cpuPercentOf(startUsage, uptimeMs) : 0;
  let cpuMark = { at: now(), usage: startUsage };

  const histogram: IntervalHistogram = monitorEventLoopDelay({
    resolution: eventLoopResolutionMs,
  });
  histogram.enable();
  let loopMark = now();
  let lastLoop: ProcessFigures['eventLoop'] | undefined;

  const readCpu = () => {
    const at = now();
    if (at - cpuMark.at >= cpuPeriodMs) {
      const usage = cpuUsage();
      const spent = {
        user: usage.user - cpuMark.usage.user,
        system: usage.system - cpuMark.usage.system,
      };
      cpuPercent = cpuPercentOf(spent, at - cpuMark.at);
      cpuMark = { at, usage };
    }
    return roundTo(cpuPercent);
  };

  const readLoop = () => {
    const at = now();
    if (at - loopMark >= eventLoopPeriodMs) {
      lastLoop = loopFigures(histogram);
      histogram.reset();
      loopMark = at;
    }
    return lastLoop ?? loopFigures(histogram);
  };

  return {
    read() {
      const memory = process.memoryUsage();
      return {
        memory: {
          heapUsed: memory.heapUsed,
          heapTotal: memory.heapTotal,
          heapLimit: getHeapStatistics().heap_size_limit,
          rss: memory.rss,
        },
        cpuPercent: readCpu(),
        eventLoop: readLoop(),
        uptime: Math.round(process.uptime()),
      };
    },
    close: () => histogram.disable(),
  };
}

function cpuPercentOf(spent: NodeJS.CpuUsage, elapsedMs: number): number {
  return ((spent.user + spent.system) / 1000 / elapsedMs) * 100;
}

function loopFigures(histogram: IntervalHistogram): ProcessFigures['eventLoop'] {
  // Without a sample yet the histogram answers NaN and a huge minimum; say 0.
  if (histogram.count === 0) return { lagMs: 0, p99Ms: 0, maxMs: 0 };
  const lag = (nanoseconds: number) =>
    roundTo(Math.max(0, nanoseconds / 1e6 - eventLoopResolutionMs), 2);
  return {
    lagMs: lag(histogram.mean),
    p99Ms: lag(histogram.percentile(99)),
    maxMs: lag(histogram.max),
  };
}
