import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { InProcessEventBus } from '../modules/activity/event-bus';

/**
 * The services a route handler may use, built once in main.ts (and in test/test-app.ts).
 * Later services (mailer, realtime, storage) join here so that handlers receive them the same way.
 */
export interface AppContext {
  config: Config;
  database: Database;
  logger: Logger;
  /** Domain events: services publish after commit, the realtime server delivers them. */
  events: InProcessEventBus;
}
