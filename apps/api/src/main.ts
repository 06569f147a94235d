import { createServer } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { createLogger } from './http/logger';
import { createInProcessEventBus } from './modules/activity/event-bus';
import { closeAuthDeps } from './modules/auth/auth-deps';
import { closeDeviceLimits } from './modules/devices/device-auth';
import { createRealtimeServer } from './realtime/realtime-server';

const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => logger.warn({ err: error }, 'idle database connection failed'),
  });
  logger.info({ dialect: database.dialect, dataDir: config.dataDir }, 'database ready');

  const events = createInProcessEventBus((error, published) =>
    logger.error({ err: error, event: published.event }, 'event listener failed'),
  );
  const ctx = { config, database, logger, events };
  const app = createApp(ctx);
  // The HTTP server stays separate from the app so that socket.io can attach to it.
  const server = createServer(app);
  const realtime = await createRealtimeServer(server, ctx, events);
  server.listen(config.port, config.host, () => {
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    logger.info(`listening on http://${shownHost}:${config.port} (${config.nodeEnv})`);
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'server failed');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal} received: closing`);
    // Keep-alive sockets would hold close() open; give in-flight requests a grace period instead.
    server.closeIdleConnections();
    // Open websockets would hold server.close() open; io.close() ends them (and the server).
    const closingRealtime = realtime.close();
    const forceClose = setTimeout(() => server.closeAllConnections(), shutdownGraceMs).unref();
    server.close(async () => {
      clearTimeout(forceClose);
      await closingRealtime;
      await closeDeviceLimits(ctx);
      await closeAuthDeps(ctx);
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function loadConfigOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  // A busy data directory is an operator's mistake, not a crash: say what to do, no stack.
  if (error instanceof DataDirInUseError) console.error(error.message);
  else console.error('The API failed to start:', error);
  process.exit(1);
});
