import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer, type ApiServerOptions } from './api-server';
import { test } from './e2e-test';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database';

/** A server of one journey file, with a database of its own and mail sent to an SMTP sink. */
export interface OwnServer {
  baseUrl: string;
  mail: SmtpSink;
  stop: () => Promise<void>;
}

/**
 * Starts a second server beside the shared one, for journeys that need a fresh system (first-run
 * setup) or real mail. Uses PostgreSQL through a throwaway database when DATABASE_URL is set.
 */
export async function startOwnServer(
  logName: string,
  options: Pick<ApiServerOptions, 'consoleDist' | 'env'> = {},
): Promise<OwnServer> {
  const mail = await startSmtpSink();
  const dataDir = await mkdtemp(join(tmpdir(), 'patrol-e2e-own-'));
  let database: ThrowawayDatabase | undefined;
  const cleanUp = async () => {
    await mail.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) database = await createThrowawayDatabase(serverUrl);
    const server = await startApiServer({
      dataDir,
      databaseUrl: database?.url,
      smtpUrl: mail.url,
      logName,
      ...options,
    });
    return {
      baseUrl: server.baseUrl,
      mail,
      stop: async () => {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * The journeys' `test` on a server of this file's own (see `startOwnServer`), with `ownServer`
 * for its mail and `baseUrl` pointing at it. Call at the top level of a test file, not in a
 * describe: the override applies to the whole file.
 */
export function testOnOwnServer(
  logName: string,
  options: Pick<ApiServerOptions, 'consoleDist' | 'env'> = {},
) {
  // Vitest reads a fixture's dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  const ownServerTest = test.extend('ownServer', { scope: 'file' }, async ({}, { onCleanup }) => {
    const server = await startOwnServer(logName, options);
    onCleanup(() => server.stop());
    return server;
  });
  return ownServerTest.override(
    'baseUrl',
    { scope: 'file' },
    ({ ownServer }: { ownServer: OwnServer }) => Promise.resolve(ownServer.baseUrl),
  );
}
