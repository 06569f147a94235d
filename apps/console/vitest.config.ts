import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: vitest brings its own copy of vite, whose config types do not
// accept plugins built against the app's copy. Tests need only the alias and JSX.
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // One jsdom and one copy of React and the UI packages a worker, not a fresh process a file (two
    // thirds of the time); src/test/setup.ts re-imports the app's modules for every file.
    isolate: false,
    // A worker a core (vitest keeps one core for itself, which sits idle while files run).
    maxWorkers: availableParallelism(),
  },
});
