import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { clusterRefusal, superviseWorkers, type WorkerPool } from './cluster/primary';
import { DataDirInUseError } from './db/data-dir-lock';
import { createLogger } from './http/logger';
import { startReleaseHealthWatch } from './modules/ota/release-health.service';
import { startCrashRetraceWatch } from './modules/crash-reports/crash-retrace.service';
import { startEinvoicing } from './modules/einvoices/einvoice-start.service';
import { startRenewalRuns } from './modules/renewals/renewal-run.service';
import { startSystemMonitoring } from './modules/system/system.service';
import { createRealtimeServer } from './realtime/realtime-server';
import { createServices } from './services';

const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.workers > 1 && cluster.isPrimary) {
    runPrimary(config);
    return;
  }
  const ctx = await createServices(config);
  const { logger } = ctx;
  logger.info({ dialect: ctx.database.dialect, dataDir: config.dataDir }, 'database ready');
  const app = createApp(ctx);
  // The HTTP server stays separate from the app so that socket.io can attach to it.
  const server = createServer(app);
  const realtime = await createRealtimeServer(server, ctx, { websocketOnly: cluster.isWorker });
  // systemMetrics to the consoles every 5 s, systemAlert on a crossing, and this process's figures
  // for the others' cluster list.
  const monitor = startSystemMonitoring(ctx);
  if (!config.metricsToken) {
    logger.info(
      'GET /metrics is open to anyone who reaches the port: set METRICS_TOKEN to guard it',
    );
  }
  server.listen(config.port, config.host, () => {
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    logger.info(`listening on http://${shownHost}:${config.port} (${config.nodeEnv})`);
  });
  const stopReleaseHealthWatch = startReleaseHealthWatch(ctx);
  const stopCrashRetraceWatch = startCrashRetraceWatch(ctx);
  const stopEinvoicing = startEinvoicing(ctx);
  // Reminders, overdue transitions and renewal drafts, once a day across every process.
  const stopRenewalRuns = startRenewalRuns(ctx);
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
    stopReleaseHealthWatch();
    stopCrashRetraceWatch();
    const closingEinvoicing = stopEinvoicing();
    stopRenewalRuns();
    // Keep-alive sockets would hold close() open; give in-flight requests a grace period instead.
    server.closeIdleConnections();
    const closingMonitor = monitor.close();
    // Open websockets would hold server.close() open; io.close() ends them (and the server).
    const closingRealtime = realtime.close();
    const forceClose = setTimeout(() => server.closeAllConnections(), shutdownGraceMs).unref();
    server.close(async () => {
      clearTimeout(forceClose);
      await closingRealtime;
      await closingMonitor;
      await closingEinvoicing;
      await ctx.close();
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * WORKERS=n: this process only supervises n API workers sharing the port (node:cluster), each
 * with its own pools, sharing PostgreSQL and Redis; a worker that dies is replaced, and SIGTERM
 * reaches every worker, which drains its requests before exit.
 */
function runPrimary(config: Config): void {
  const refusal = clusterRefusal(config);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const logger = createLogger(config);
  const supervisor = superviseWorkers(cluster as unknown as WorkerPool, config.workers, {
    info: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
  });
  const stop = (signal: NodeJS.Signals) => {
    logger.info(`${signal} received: stopping ${supervisor.size()} workers`);
    void supervisor.stop(signal).then(() => {
      logger.info('every worker stopped');
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
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
