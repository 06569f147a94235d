import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['test/queued-query-check.ts'],
    // Each test file migrates a fresh database before its first test.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
