import { defineConfig } from 'vitest/config';

// One real server is shared by every journey; two files run at once (a journey waits on the
// browser and the server about half its time, so two keep two cores busy) with generous timeouts.
// A journey therefore never assumes it is alone: it finds its own rows by name, not by position.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.e2e.test.ts'],
    globalSetup: ['src/support/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
