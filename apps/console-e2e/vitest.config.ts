import { defineConfig } from 'vitest/config';

// One real server is shared by every journey, and a headless Chromium is heavy on a
// two-core machine, so files run one after another with generous timeouts.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.e2e.test.ts'],
    globalSetup: ['src/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
