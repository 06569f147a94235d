import { appInfo, type ListClientsResponse, type ReportsResponse } from '@patrol/contracts';
import type { Logger } from 'pino';
import { createWriteBuffer } from './buffers/write-buffer';
import { growingCache } from './cache/growing-cache';
import { createQueryCache } from './cache/query-cache';
import { createSnapshotCache } from './cache/snapshot-cache';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createEventBus } from './events/event-bus';
import { createAccessTokenVerifier } from './http/access-token';
import type {
  AppContext,
  DeviceSessionRecord,
  ExpiryWindowTotals,
  ReceiptFigures,
  HeartbeatEntry,
  SessionPingEntry,
} from './http/app-context';
import type { TokenAccount } from './http/authenticate';
import { createLogger } from './http/logger';
import { createMailer } from './mail/mailer';
import { createAccountSource } from './modules/auth/accounts.service';
import { createSessionSource } from './modules/auth/session.service';
import {
  createDeviceAuthenticator,
  evictChangedDeviceSessions,
  flushHeartbeats,
} from './modules/devices/devices.service';
import { flushSessionPings } from './modules/ota/release-sessions.service';
import { clientTotals } from './modules/clients/clients.service';
import { licenceTotals } from './modules/licences/licences.service';
import { computeDashboardFigures } from './modules/dashboard/dashboard.service';
import { computeBusinessStats } from './modules/business-reports/business-stats.service';
import { findAuditLabels } from './modules/business-reports/audit-labels.service';
import { companyTimeZone } from './modules/settings/settings.service';
import { userNamesById } from './modules/accounts/accounts.service';
import { createEinvoiceQueue } from './modules/einvoices/einvoice-queue.service';
import { createObservability } from './observability/observability';
import { relayEventsBetweenProcesses } from './events/event-relay';
import {
  changesBillingCounts,
  countBillingDocuments,
} from './modules/business-reports/billing-totals.service';
import { connectRedis } from './redis/redis-client';
import { bcryptCostFor, createPasswordHasher } from './security/password-hasher';
import { createRateLimitStore, type RateLimitStore } from './security/rate-limit-store';
import { createRateLimiters } from './security/rate-limits';
import { createCodeHasher, createSecretBox, deriveKey } from './security/secret-keys';
import { uploadsDirectory } from './storage/uploads';

/** Parts a caller may bring instead of having them built (tests bring a prepared database). */
export interface ServiceOverrides {
  logger?: Logger;
  database?: Database;
  rateLimitStore?: RateLimitStore;
  /**
   * How long the directory totals, licence figures and client list answers are served before a
   * refresh (0: every read).
   */
  snapshotTtlMs?: number;
  /** How often buffered heartbeats are written. */
  heartbeatFlushMs?: number;
  /** Names this API process in the cluster figures (tests run two "processes" in one). */
  workerId?: string;
}

/** Served this long, then refreshed behind the readers: "Active Now" is a 5-minute window. */
const snapshotTtlMs = 5_000;
/** A crash loses at most this much of the devices' reports. */
const heartbeatFlushMs = 1_000;
/**
 * A device session is re-read this often while every process's changes reach this one as events
 * (one process, or the relay's subscription connected): longer than a device's beat interval, so a
 * fleet beating once a minute is answered from memory.
 */
const deviceSessionTtlMs = 5 * 60_000;
/** While the relay is down its events are lost: another process's unbind is seen within this. */
const deviceSessionTtlUnrelayedMs = 15_000;
/** A client list answer is read again after this even when no change was heard of. */
const clientPageTtlMs = 1_000;
const deviceSessionMaxEntries = 500_000;
/** Another process's change to an account (suspension, sign-out) is seen within this. */
const accountTtlMs = 2_000;
/** Another process's sign-out of a session ends its access tokens here within this. */
const sessionTtlMs = 2_000;

/** However often clients and licences change, each aggregate runs at most once a second. */
const snapshotMinIntervalMs = 1_000;

/**
 * Events after which the snapshots are out of date: after a staff change, readers wait for the
 * refresh (the screen that made the change shows it); after a device report the held licence
 * figures are served until the refresh lands.
 */
const staffChanges = new Set(['clientAdded', 'clientUpdated', 'clientDeleted', 'licenceUpdated']);
/** Billing writes; each also publishes billingUpdated, the others name what changed. */
const billingChanges = new Set([
  'billingUpdated',
  'paymentProcessed',
  'paymentValidated',
  'paymentRejected',
  'invoiceCreated',
  'invoiceReverted',
]);

/**
 * The composition root: builds every service of the process once, from the configuration, and
 * answers the application context that routes, services and the realtime server share.
 * `close()` ends them in reverse order of opening. The realtime server attaches to the HTTP
 * server afterwards (src/realtime) and is closed before these.
 */
export async function createServices(
  config: Config,
  overrides: ServiceOverrides = {},
): Promise<AppContext> {
  const logger = overrides.logger ?? createLogger(config);
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onPoolError: (error) => logger.warn({ err: error }, 'idle database connection failed'),
    }));
  let redis: AppContext['redis'];
  try {
    redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  } catch (error) {
    await database.close();
    throw error;
  }
  const { db } = database;
  const events = createEventBus((error, published) =>
    logger.error({ err: error, event: published.event }, 'event listener failed'),
  );
  const mailer = createMailer(config, db, logger);
  const store = overrides.rateLimitStore ?? createRateLimitStore(redis);
  const cacheTtlMs = (ttlMs: number) =>
    overrides.snapshotTtlMs ?? (config.answerCaches ? ttlMs : 0);
  const snapshot = <T>(name: string, compute: () => Promise<T>) =>
    createSnapshotCache(compute, {
      ttlMs: cacheTtlMs(snapshotTtlMs),
      minIntervalMs: snapshotMinIntervalMs,
      onError: (error) => logger.warn({ err: error }, `${name} refresh failed`),
    });
  // The clients' counts and the licences' totals, each from its module's roll-ups.
  const directoryTotals = snapshot('directory totals', async () => {
    const [clientCounts, licenceCounts] = await Promise.all([clientTotals(db), licenceTotals(db)]);
    return { ...clientCounts, ...licenceCounts };
  });
  const dashboardFigures = snapshot('dashboard figures', () => computeDashboardFigures(db));
  const businessStats = snapshot('business stats', () => computeBusinessStats(db));
  const billingTotals = snapshot('billing totals', () => countBillingDocuments(db));
  const reportCache = createQueryCache<ReportsResponse['data']>({
    ttlMs: cacheTtlMs(snapshotTtlMs),
    maxEntries: 100,
  });
  const renewalTotals = createQueryCache<ExpiryWindowTotals>({
    ttlMs: cacheTtlMs(snapshotTtlMs),
    maxEntries: 400,
  });
  const listCounts = createQueryCache<number>({
    ttlMs: cacheTtlMs(snapshotTtlMs),
    maxEntries: 1_000,
  });
  const receiptFigures = createQueryCache<ReceiptFigures>({
    ttlMs: cacheTtlMs(snapshotTtlMs),
    maxEntries: 400,
  });
  // Every open client list asks again at each change it hears of (socket events), and a busy
  // office keeps many open: one read per query a second, however many ask.
  const clientPages = createQueryCache<ListClientsResponse>({
    ttlMs: cacheTtlMs(clientPageTtlMs),
    maxEntries: 1_000,
  });
  const deviceSessions = growingCache<string, DeviceSessionRecord>(
    deviceSessionMaxEntries,
    deviceSessionTtlMs,
  );
  let relayConnected = true;
  const deviceSessionTtl = () =>
    relayConnected ? deviceSessionTtlMs : deviceSessionTtlUnrelayedMs;
  const accessTokens = createAccessTokenVerifier(config.jwtSecret);
  const observability = createObservability({
    redis,
    version: appInfo.version,
    pool: () => database.poolFigures(),
    workerId: overrides.workerId,
  });
  const heartbeats = createWriteBuffer<HeartbeatEntry>({
    intervalMs: overrides.heartbeatFlushMs ?? heartbeatFlushMs,
    flush: async (batch) => {
      await flushHeartbeats({ db, events, deviceSessions }, batch);
      // Counted as they are written, so the "devices seen" gauge never reads the licence table;
      // not awaited, so a Redis that is reconnecting never holds up the heartbeat writes.
      observability.deviceSightings
        .record(batch.values())
        .catch((error: unknown) => logger.warn({ err: error }, 'device sightings not recorded'));
    },
    onError: (error, size) =>
      logger.error({ err: error, heartbeats: size }, 'heartbeat write failed; kept for the next'),
  });
  const sessionPings = createWriteBuffer<SessionPingEntry>({
    intervalMs: overrides.heartbeatFlushMs ?? heartbeatFlushMs,
    flush: (batch) => flushSessionPings(db, batch),
    onError: (error, size) =>
      logger.error(
        { err: error, sessionPings: size },
        'session pings not counted; kept for the next',
      ),
  });
  const accounts = createAccountSource(
    db,
    growingCache<string, TokenAccount | false>(10_000, accountTtlMs),
  );
  const sessions = createSessionSource(db, growingCache<string, boolean>(100_000, sessionTtlMs));
  // Relayed from another process too: its copy of the account changed, so must this one's.
  events.subscribe((published) => {
    if (published.event === 'accountChanged') accounts.forget(published.payload.userId);
    // The process that ended a session forgot it already; the others forget it as they hear.
    if (published.event === 'sessionEnded' && published.remote) {
      const { userId, sessionId } = published.payload;
      if (sessionId) sessions.forget(sessionId);
      else accounts.forget(userId);
    }
  });
  let stopRelay: (() => Promise<void>) | undefined;
  try {
    stopRelay = redis
      ? await relayEventsBetweenProcesses(events, redis, observability.worker.id, logger, {
          // Sessions held across a gap may have missed its events; new ones live briefly.
          onConnectionChange: (connected) => {
            relayConnected = connected;
            deviceSessions.clear();
          },
        })
      : undefined;
  } catch (error) {
    observability.close();
    await redis?.close();
    await database.close();
    throw error;
  }
  events.subscribe(evictChangedDeviceSessions(deviceSessions));
  events.subscribe((published) => {
    const { event } = published;
    if (staffChanges.has(event)) {
      clientPages.clear();
      renewalTotals.clear();
      directoryTotals.invalidate({ readersWait: true });
      dashboardFigures.invalidate({ readersWait: true });
    } else if (event === 'licenceActivityUpdated') {
      dashboardFigures.invalidate();
    } else if (billingChanges.has(event)) {
      // A screen that has just recorded or validated a payment must show it.
      businessStats.invalidate({ readersWait: true });
      billingTotals.invalidate({ readersWait: changesBillingCounts(published) });
      reportCache.clear();
      listCounts.clear();
      receiptFigures.clear();
      renewalTotals.clear();
      dashboardFigures.invalidate({ readersWait: true });
    }
  });

  const limits = createRateLimiters(store);
  let closing: Promise<void> | undefined;
  const close = async () => {
    await stopRelay?.();
    await heartbeats.close();
    await sessionPings.close();
    observability.close();
    accessTokens.clear();
    mailer.close();
    await store.close();
    await redis?.close();
    await database.close();
  };
  return {
    config,
    logger,
    database,
    db,
    events,
    redis,
    observability,
    mailer,
    passwords: createPasswordHasher(bcryptCostFor(config)),
    secrets: {
      totp: createSecretBox(deriveKey(config.jwtSecret, 'totp-secret')),
      hashBackupCode: createCodeHasher(deriveKey(config.jwtSecret, 'backup-code')),
    },
    uploads: { directory: uploadsDirectory(config.dataDir) },
    limits,
    directoryTotals,
    clientPages,
    dashboardFigures,
    businessStats,
    billingTotals,
    reportCache,
    renewalTotals,
    listCounts,
    receiptFigures,
    deviceSessions,
    heartbeats,
    sessionPings,
    accessTokens,
    devices: createDeviceAuthenticator({
      db,
      events,
      logger,
      limits,
      deviceSessions,
      deviceSessionTtl,
    }),
    auditNames: { actors: userNamesById, labels: findAuditLabels, timeZone: companyTimeZone },
    einvoiceQueue: createEinvoiceQueue(config.myinvois),
    accounts,
    sessions,
    close: () => (closing ??= close()),
  };
}
