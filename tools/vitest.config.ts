import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * With API_TESTS=server (CI's second pass, on PostgreSQL; see apps/api/vitest.config.ts), only the
 * tests that use DATABASE_URL: the rest read no database, or one of PGlite's that the first pass
 * already proved.
 */
function serverTests(): string[] {
  return readdirSync('.', { recursive: true, encoding: 'utf8' }).filter(
    (file) =>
      file.endsWith('.test.ts') &&
      !file.includes('node_modules') &&
      readFileSync(file, 'utf8').includes('process.env.DATABASE_URL'),
  );
}

export default defineConfig({
  test: {
    environment: 'node',
    include: process.env.API_TESTS === 'server' ? serverTests() : ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // A worker a core (vitest keeps one core for itself, which sits idle while files run).
    maxWorkers: availableParallelism(),
    // Each test starts a real API or database.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
