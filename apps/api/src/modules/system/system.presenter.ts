import {
  appInfo,
  type ClusterInfo,
  type DatabaseUsage,
  type SystemAlert,
  type SystemHealth,
  type SystemMetrics,
  type WorkerReport,
} from '@patrol/contracts';
import {
  countActiveUsers,
  databaseUsageNotice,
  overallUsagePercent,
  usagePercent,
  usageStatus,
  workerEfficiency,
  workerLevel,
  workerRecommendations,
  type HealthMetricsInput,
  roundTo,
  type SystemHealthAssessment,
} from '@patrol/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { SystemSample } from './system-figures';

type PresentContext = { config: Config; database: Pick<Database, 'dialect' | 'poolFigures'> };

/** The sample as the domain's health rules read it. */
export function healthInput(sample: SystemSample, database: DatabaseUsage): HealthMetricsInput {
  return {
    memory: sample.process.memory,
    system: sample.machine,
    cpu: { loadAverage: sample.machine.loadAverage, cores: sample.machine.cpuCount },
    // A quiet minute has no response time to judge.
    responseTime: sample.requests.requests > 0 ? sample.requests.meanMs : null,
    errorRate: sample.requests.errorRate,
    requests: sample.requests.requests,
    database: { connected: sample.database.connected },
    databaseStorage: { usagePercent: database.storage.usagePercent },
  };
}

/** GET /api/system/metrics data (and the systemMetrics event). */
export function presentMetrics(
  { config }: PresentContext,
  sample: SystemSample,
  reports: readonly WorkerReport[],
): SystemMetrics {
  const { process: figures, requests, machine } = sample;
  return {
    timestamp: sample.at.toISOString(),
    worker: sample.worker,
    memory: figures.memory,
    system: {
      platform: machine.platform,
      arch: machine.arch,
      nodeVersion: machine.nodeVersion,
      hostname: machine.hostname,
      cpuCount: machine.cpuCount,
      totalMem: machine.totalMem,
      freeMem: machine.freeMem,
    },
    cpu: { loadAverage: machine.loadAverage, percentage: figures.cpuPercent },
    eventLoop: figures.eventLoop,
    responseTime: requests.meanMs,
    responseTimes: { p50: requests.p50Ms, p95: requests.p95Ms, p99: requests.p99Ms },
    errorRate: requests.errorRate,
    requestsPerMinute: requests.requests,
    uptime: figures.uptime,
    activeConnections: sample.activeConnections,
    activeUsers: countActiveUsers(reports.flatMap((report) => report.users)),
    database: { connected: sample.database.connected, latencyMs: sample.database.latencyMs },
    environment: config.nodeEnv,
    version: appInfo.version,
    https: config.appUrl.startsWith('https:'),
  };
}

/** GET /api/system/health data. */
export function presentHealth(
  sample: SystemSample,
  assessment: SystemHealthAssessment,
  recentAlerts: SystemAlert[],
): SystemHealth {
  const { memory } = sample.process;
  const { machine } = sample;
  return {
    online: true,
    timestamp: sample.at.toISOString(),
    worker: sample.worker,
    score: assessment.score,
    status: assessment.status,
    components: {
      database: {
        status: sample.database.connected ? 'connected' : 'disconnected',
        latencyMs: sample.database.latencyMs,
      },
      // This answer is being produced by the API, so it is operating.
      api: { status: 'operational' },
      resources: {
        memory: { ...memory, usagePercent: usagePercent(memory.heapUsed, memory.heapLimit) ?? 0 },
        serverMemory: {
          usagePercent: usagePercent(machine.totalMem - machine.freeMem, machine.totalMem) ?? 0,
        },
        cpu: { percentage: sample.process.cpuPercent, loadAverage: machine.loadAverage },
      },
    },
    issues: assessment.issues,
    recommendations: assessment.recommendations,
    recentAlerts,
  };
}

/**
 * The database panel: PostgreSQL's connections against max_connections (the embedded database has
 * none to count), its size against DATABASE_SIZE_BUDGET_MB, and transaction and row rates.
 */
export function presentDatabaseUsage(
  { config, database }: PresentContext,
  sample: SystemSample,
): DatabaseUsage {
  const { stats, rates, connected } = sample.database;
  const embedded = database.dialect === 'pglite';
  const current = embedded ? null : (stats?.backends ?? null);
  const max = embedded ? null : (stats?.maxConnections ?? null);
  const connectionPercent = usagePercent(current, max);
  const storageUsed = stats?.sizeBytes ?? null;
  const budget = config.databaseSizeBudgetBytes;
  const storagePercent = usagePercent(storageUsed, budget);
  const overallPercent = overallUsagePercent(storagePercent, connectionPercent);
  const version = stats?.version ?? null;
  return {
    dialect: database.dialect,
    connected,
    version,
    connections: {
      embedded,
      current,
      max,
      usagePercent: connectionPercent,
      status: usageStatus(connectionPercent),
      pool: database.poolFigures(),
    },
    operations: {
      transactionsPerSecond: rates?.transactions ?? null,
      rowsReadPerSecond: rates?.rowsRead ?? null,
      sampleSeconds: rates?.seconds ?? null,
    },
    storage: {
      used: storageUsed,
      budget,
      usagePercent: storagePercent,
      status: usageStatus(storagePercent),
    },
    overall: { status: usageStatus(overallPercent), usagePercent: overallPercent },
    notice: databaseUsageNotice({
      overallPercent,
      storageUsedBytes: storageUsed,
      storageBudgetBytes: budget,
      storagePercent,
      connections: { current, max, percent: connectionPercent },
    }),
    isHosted: false,
    planInfo: embedded
      ? { tier: 'embedded', plan: `PGlite${version ? ` (PostgreSQL ${version})` : ''}` }
      : { tier: 'self-hosted', plan: `PostgreSQL${version ? ` ${version}` : ''}` },
  };
}

/** GET /api/system/cluster data from every worker's latest report. */
export function presentCluster(
  ctx: PresentContext,
  sample: SystemSample,
  reports: readonly WorkerReport[],
  registry: 'redis' | 'local',
): ClusterInfo {
  const database = presentDatabaseUsage(ctx, sample);
  const workers = reports.map(({ users: _users, ...report }) => ({
    ...report,
    current: report.id === sample.worker.id,
  }));
  const recommendations = workerRecommendations(workers);
  if (database.notice) {
    recommendations.push({
      type: 'database',
      worker: null,
      issue: database.notice,
      action:
        'Archive old crash reports and activity, or raise DATABASE_SIZE_BUDGET_MB (or max_connections) if the server has room.',
    });
  }
  return {
    cluster: { mode: workers.length > 1 ? 'cluster' : 'single', registry },
    environment: ctx.config.nodeEnv,
    totalWorkers: workers.length,
    health: {
      healthy: database.connected && workers.every((worker) => workerLevel(worker) !== 'critical'),
      workerEfficiency: roundTo(workerEfficiency(workers), 2),
    },
    workers,
    database,
    recommendations,
  };
}
