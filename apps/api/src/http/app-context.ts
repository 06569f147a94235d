import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/client';

/**
 * The services a route handler may use, built once in main.ts (and in test/test-app.ts).
 * Later services (mailer, realtime, storage) join here so that handlers receive them the same way.
 */
export interface AppContext {
  config: Config;
  database: Database;
  logger: Logger;
}
