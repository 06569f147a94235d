import { collectDefaultMetrics, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createProcessSampler } from './process-figures';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One default-metrics registry for the file: each would start an event-loop monitor of its own. */
const registry = new Registry();
collectDefaultMetrics({ register: registry });

describe('process figures', () => {
  it('measures CPU as the change of process_cpu_seconds_total over at least a period', async () => {
    let time = 0;
    const sampler = createProcessSampler(registry, { now: () => time, cpuPeriodMs: 1_000 });
    const first = (await sampler.read()).cpuPercent;
    const before = process.cpuUsage();
    const busyUntil = Date.now() + 50;
    while (Date.now() < busyUntil) {
      // Spend CPU time.
    }
    // Within the period the figure is repeated rather than measured over a sliver.
    time = 500;
    expect((await sampler.read()).cpuPercent).toBe(first);
    const spent = process.cpuUsage(before);
    time = 1_000;
    const measured = (await sampler.read()).cpuPercent;
    // The CPU time spent in the fake second, in percent of one core (the reads' own time aside).
    const expected = ((spent.user + spent.system) / 1e6) * 100;
    expect(measured).toBeGreaterThanOrEqual(expected - 0.5);
    expect(measured).toBeLessThan(expected + 2);
  });

  it('reads memory and uptime from the process', async () => {
    const figures = await createProcessSampler(registry).read();
    expect(figures.memory.heapUsed).toBeGreaterThan(0);
    expect(figures.memory.heapTotal).toBeGreaterThanOrEqual(figures.memory.heapUsed);
    expect(figures.memory.heapLimit).toBeGreaterThan(figures.memory.heapTotal);
    expect(figures.memory.rss).toBeGreaterThan(0);
    expect(figures.uptime).toBeGreaterThanOrEqual(0);
  });

  it('sees the event loop held up, net of the monitor resolution', async () => {
    const sampler = createProcessSampler(registry);
    await wait(30);
    await sampler.read();
    await wait(15);
    const blockedUntil = Date.now() + 80;
    while (Date.now() < blockedUntil) {
      // Hold the loop, as a synchronous export or PDF rendering would.
    }
    await wait(15);
    const { eventLoop } = await sampler.read();
    expect(eventLoop.maxMs).toBeGreaterThan(50);
    expect(eventLoop.p99Ms).toBeGreaterThan(50);
    expect(eventLoop.lagMs).toBeGreaterThan(0);
  });
});
