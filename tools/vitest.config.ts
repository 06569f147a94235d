import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Each test starts a real API or database.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
