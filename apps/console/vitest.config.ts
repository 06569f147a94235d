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
    // A worker a core (vitest keeps one core for itself, which sits idle while files run).
    maxWorkers: availableParallelism(),
  },
});
