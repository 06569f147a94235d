import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startApiServer } from './api-server';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
  }
}

/**
 * Starts one real server for the whole run: a fresh DATA_DIR, and a fresh database on the
 * PostgreSQL server when DATABASE_URL is set. Returns the teardown that removes both.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'patrol-e2e-'));
  let database: ThrowawayDatabase | undefined;
  try {
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) database = await createThrowawayDatabase(serverUrl);
    const server = await startApiServer({ dataDir, databaseUrl: database?.url });
    project.provide('baseUrl', server.baseUrl);
    return async () => {
      await server.stop();
      await cleanUp(dataDir, database);
    };
  } catch (error) {
    await cleanUp(dataDir, database);
    throw error;
  }
}

async function cleanUp(dataDir: string, database: ThrowawayDatabase | undefined): Promise<void> {
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
