import { describe, expect, it } from 'vitest';
import { createProcessSampler } from './process-sampler';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('process sampler', () => {
  it('measures CPU as the change in CPU time over at least a period, in percent of one core', () => {
    let time = 0;
    let cpu = { user: 0, system: 0 };
    const sampler = createProcessSampler({
      now: () => time,
      cpuUsage: () => cpu,
      cpuPeriodMs: 1_000,
    });
    try {
      // 0.5 s of user and 0.25 s of system time in 1 s: three quarters of one core.
      time = 1_000;
      cpu = { user: 500_000, system: 250_000 };
      expect(sampler.read().cpuPercent).toBe(75);
      // Within the period the figure is repeated rather than measured over a sliver.
      time = 1_200;
      cpu = { user: 700_000, system: 250_000 };
      expect(sampler.read().cpuPercent).toBe(75);
      // Two busy cores' worth over the next 2 s reads 200.
      time = 3_000;
      cpu = { user: 4_500_000, system: 250_000 };
      expect(sampler.read().cpuPercent).toBe(200);
    } finally {
      sampler.close();
    }
  });

  it('reads memory and uptime from the process', () => {
    const sampler = createProcessSampler();
    try {
      const figures = sampler.read();
      expect(figures.memory.heapUsed).toBeGreaterThan(0);
      expect(figures.memory.heapTotal).toBeGreaterThanOrEqual(figures.memory.heapUsed);
      expect(figures.memory.heapLimit).toBeGreaterThan(figures.memory.heapTotal);
      expect(figures.memory.rss).toBeGreaterThan(0);
      expect(figures.uptime).toBeGreaterThanOrEqual(0);
    } finally {
      sampler.close();
    }
  });

  it('sees the event loop held up, net of the monitor resolution', async () => {
    const sampler = createProcessSampler({ eventLoopPeriodMs: 0 });
    try {
      await wait(30);
      sampler.read();
      await wait(15);
      const blockedUntil = Date.now() + 80;
      while (Date.now() < blockedUntil) {
        // Hold the loop, as a synchronous export or PDF rendering would.
      }
      await wait(15);
      const { eventLoop } = sampler.read();
      expect(eventLoop.maxMs).toBeGreaterThan(50);
      expect(eventLoop.p99Ms).toBeGreaterThan(50);
      expect(eventLoop.lagMs).toBeGreaterThan(0);
    } finally {
      sampler.close();
    }
  });
});
