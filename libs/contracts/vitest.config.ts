import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Pure functions and schemas: the files share a worker's modules, a worker a core.
    isolate: false,
    maxWorkers: availableParallelism(),
  },
});
