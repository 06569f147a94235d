import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * With API_TESTS=server (CI's second pass, on PostgreSQL and Redis), only the tests that need the
 * server or Redis, or that prove what the server does differently from PGlite (concurrent writes,
 * races, the triggers of the roll-ups, the database layer): every other test passed on PGlite in
 * the first pass, on the same SQL. A test joins by naming what it proves.
 */
const serverTopics =
  /DATABASE_URL|REDIS_URL|[Rr]edis|createThrowawayServerDatabase|[Cc]oncurren|\brac(e|es|ing)\b|roll-ups|processes ask at once/;

function serverTests(): string[] {
  return ['src', 'test'].flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .map((file) => join(folder, file))
      .filter(
        (file) =>
          file.endsWith('.test.ts') &&
          (file.startsWith(join('src', 'db')) || serverTopics.test(readFileSync(file, 'utf8'))),
      ),
  );
}

export default defineConfig({
  test: {
    environment: 'node',
    include:
      process.env.API_TESTS === 'server'
        ? serverTests()
        : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['test/queued-query-check.ts'],
    // The files share one module graph per worker instead of importing the app afresh each (a
    // third of the suite's time): every file builds its own app and data folder, and borrows the
    // worker's PGlite emptied for it (test/shared-pglite.ts). The server pass's few files
    // (clusters, Redis, races) keep a module graph each.
    isolate: process.env.API_TESTS === 'server',
    // A worker a core (vitest keeps one core for itself, which sits idle while files run).
    maxWorkers: availableParallelism(),
    // A file asking for a second database while holding the first starts one from the template.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
