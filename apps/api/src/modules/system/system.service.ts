import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  systemReportFileName,
  type ClusterInfoResponse,
  type SystemAlert,
  type SystemHealthResponse,
  type SystemMetricsResponse,
  type SystemReport,
} from '@patrol/contracts';
import {
  assessSystemHealth,
  businessDay,
  deviceActiveWindowMs,
  healthIssueChanges,
} from '@patrol/domain';
import { within } from '../../db/within';
import type { AppContext } from '../../http/app-context';
import { unauthenticated } from '../../http/app-error';
import { directoryTotals } from '../clients/clients.service';
import { crashReportsReceivedSince } from '../crash-reports/crash-reports.service';
import { expiredLicenceCount } from '../licences/licences.service';
import {
  databaseProbeTimeoutMs,
  publishWorkerReport,
  takeSample,
  workerReport,
  workerReports,
  type SystemSample,
} from './system-figures';
import {
  healthInput,
  presentCluster,
  presentDatabaseUsage,
  presentHealth,
  presentMetrics,
} from './system.presenter';

/** What the system answers need of the context. */
export type SystemContext = Pick<
  AppContext,
  'config' | 'database' | 'db' | 'observability' | 'logger' | 'events' | 'directoryTotals'
>;

function assess(ctx: SystemContext, sample: SystemSample) {
  return assessSystemHealth(healthInput(sample, presentDatabaseUsage(ctx, sample)));
}

async function healthOf(ctx: SystemContext, sample: SystemSample) {
  return presentHealth(sample, assess(ctx, sample), ctx.observability.alerts.recent());
}

async function metricsOf(ctx: SystemContext, sample: SystemSample) {
  return presentMetrics(ctx, sample, await workerReports(ctx, workerReport(sample)));
}

async function clusterOf(ctx: SystemContext, sample: SystemSample) {
  const reports = await workerReports(ctx, workerReport(sample));
  return presentCluster(ctx, sample, reports, ctx.observability.workers.kind);
}

/** GET /api/system/health: the health score, its issues and recommendations, from a fresh sample. */
export async function getSystemHealth(ctx: SystemContext): Promise<SystemHealthResponse> {
  return { success: true, data: await healthOf(ctx, await takeSample(ctx)) };
}

/** GET /api/system/metrics: this process's figures and the active users of every process. */
export async function getSystemMetrics(ctx: SystemContext): Promise<SystemMetricsResponse> {
  return { success: true, data: await metricsOf(ctx, await takeSample(ctx)) };
}

/** GET /api/system/cluster: every API process that reported lately, and the database panel. */
export async function getClusterInfo(ctx: SystemContext): Promise<ClusterInfoResponse> {
  return { success: true, data: await clusterOf(ctx, await takeSample(ctx)) };
}

/** GET /api/system/export-report: health, metrics and cluster of one sample, and the file name. */
export async function exportSystemReport(
  ctx: SystemContext,
): Promise<{ fileName: string; report: SystemReport }> {
  const sample = await takeSample(ctx);
  const [health, metrics, cluster] = await Promise.all([
    healthOf(ctx, sample),
    metricsOf(ctx, sample),
    clusterOf(ctx, sample),
  ]);
  return {
    fileName: systemReportFileName(businessDay(sample.at)),
    report: { generatedAt: sample.at.toISOString(), health, metrics, cluster },
  };
}

/**
 * Refuses a scrape without the configured METRICS_TOKEN as its bearer (401); with no token
 * configured, /metrics is open. The comparison takes the same time whatever the token sent.
 */
export function checkMetricsToken(
  ctx: Pick<AppContext, 'config'>,
  authorization: string | undefined,
): void {
  const expected = ctx.config.metricsToken;
  if (!expected) return;
  const sent = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw unauthenticated('A valid metrics token is required.');
  }
}

const hourMs = 60 * 60 * 1000;

/**
 * GET /metrics in the Prometheus text format. The business gauges cost an index range each (or
 * a counter and a snapshot), never a scan: licences by binding state from the per-client counters,
 * expired licences and the last hour's crash reports by range, devices seen from the sightings kept
 * as heartbeats are written. While the database does not answer, patrol_database_up is 0 and the
 * database gauges keep their last values.
 */
export async function prometheusMetrics(ctx: SystemContext): Promise<string> {
  const { business } = ctx.observability.prometheus;
  const now = new Date();
  try {
    await within(ctx.database.ping(), databaseProbeTimeoutMs);
    const [totals, expired, crashes] = await within(
      Promise.all([
        directoryTotals(ctx),
        expiredLicenceCount(ctx.db, now),
        crashReportsReceivedSince(ctx.db, new Date(now.getTime() - hourMs)),
      ]),
      databaseProbeTimeoutMs,
    );
    business.up.set(1);
    business.licences.set({ state: 'bound' }, totals.boundLicences);
    business.licences.set({ state: 'unbound' }, totals.totalLicences - totals.boundLicences);
    business.licencesExpired.set(expired);
    business.crashReportsLastHour.set(crashes);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'metrics scrape: database figures unavailable');
    business.up.set(0);
  }
  try {
    business.devicesSeen.set(
      await within(
        ctx.observability.deviceSightings.countSeenWithin(deviceActiveWindowMs),
        databaseProbeTimeoutMs,
      ),
    );
  } catch (error) {
    ctx.logger.warn({ err: error }, 'metrics scrape: device sightings unavailable');
  }
  return ctx.observability.prometheus.render();
}

/** The system monitor of one process (see startSystemMonitoring). */
export interface SystemMonitor {
  /** Samples now, publishes and announces; a tick already running is awaited instead. */
  tick(): Promise<void>;
  /** Stops the timer, waits for a running tick, withdraws this process from the worker list. */
  close(): Promise<void>;
}

/** Consoles get fresh figures this often (and the processes tell each other theirs). */
export const systemTickIntervalMs = 5_000;

/**
 * Every few seconds: samples this process, publishes its figures for the other processes, sends
 * systemMetrics to the consoles connected here, and a systemAlert to every permitted console when
 * a health threshold was crossed since the previous tick (once per crossing: a steady state says
 * nothing, a cleared issue is announced as resolved). The first tick runs at once, so a process
 * appears in the cluster list as soon as it starts.
 */
export function startSystemMonitoring(
  ctx: SystemContext,
  options: { intervalMs?: number } = {},
): SystemMonitor {
  let running: Promise<void> | undefined;
  let closed = false;

  const tickOnce = async () => {
    const sample = await takeSample(ctx);
    const own = workerReport(sample);
    await publishWorkerReport(ctx, own);
    const assessment = assess(ctx, sample);
    const { alerts } = ctx.observability;
    const changes = healthIssueChanges(alerts.lastIssues, assessment.issues);
    alerts.lastIssues = assessment.issues;
    for (const change of changes) {
      const alert: SystemAlert = {
        id: randomUUID(),
        severity: change.severity,
        source: change.key,
        message: change.message,
        timestamp: sample.at.toISOString(),
        state: change.state,
        worker: sample.worker.id,
      };
      alerts.add(alert);
      ctx.logger[change.state === 'raised' ? 'warn' : 'info']({ alert }, 'system alert');
      ctx.events.publish('systemAlert', alert);
    }
    const reports = await workerReports(ctx, own);
    ctx.events.publish('systemMetrics', presentMetrics(ctx, sample, reports));
  };

  const tick = () =>
    (running ??= tickOnce()
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'system tick failed'))
      .finally(() => {
        running = undefined;
      }));

  const timer = setInterval(() => {
    if (!closed) void tick();
  }, options.intervalMs ?? systemTickIntervalMs);
  timer.unref();
  void tick();

  return {
    tick,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      await ctx.observability.workers.remove(ctx.observability.worker.id).catch(() => undefined);
    },
  };
}
