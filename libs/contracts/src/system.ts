// System status (spec 2 sections 2.6, 3, 7 and 9): every figure is measured by the running API
// processes and the database; none is invented.
import { z } from 'zod';
import { isoDateTimeSchema, successResponse } from './fields';

/** GET /health: the process is up (liveness; never touches the database). */
export const livenessResponseSchema = z.object({
  status: z.literal('ok'),
  /** Seconds since the process started. */
  uptime: z.number(),
});
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

/** GET /ready: the process can serve requests (database reachable); 503 when unavailable. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['connected', 'disconnected']),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

export const databaseStatuses = ['connected', 'disconnected'] as const;
export const databaseStatusSchema = z.enum(databaseStatuses);
export type DatabaseStatus = z.infer<typeof databaseStatusSchema>;

/** Grades of a health issue and of an alert (spec 2 section 9 thresholds). */
export const healthSeverities = ['critical', 'high', 'medium', 'low'] as const;
export const healthSeveritySchema = z.enum(healthSeverities);
export type HealthSeverity = z.infer<typeof healthSeveritySchema>;

/**
 * What a health issue is about: the spec's database lost, memory (heap), CPU, slow response,
 * error rate and server memory, plus the database nearing its size budget.
 */
export const healthIssueKeys = [
  'database',
  'memory',
  'cpu',
  'responseTime',
  'errorRate',
  'serverMemory',
  'databaseStorage',
] as const;
export const healthIssueKeySchema = z.enum(healthIssueKeys);
export type HealthIssueKey = z.infer<typeof healthIssueKeySchema>;

/** One raised health issue, with the measured figure in its message. */
export const healthIssueSchema = z.object({
  key: healthIssueKeySchema,
  severity: healthSeveritySchema,
  message: z.string(),
});
export type HealthIssue = z.infer<typeof healthIssueSchema>;

/** What an operator can do about a raised issue. */
export const healthRecommendationSchema = z.object({
  key: healthIssueKeySchema,
  message: z.string(),
});
export type HealthRecommendation = z.infer<typeof healthRecommendationSchema>;

export const systemHealthStatuses = ['healthy', 'warning', 'critical'] as const;
export const systemHealthStatusSchema = z.enum(systemHealthStatuses);
export type SystemHealthStatus = z.infer<typeof systemHealthStatusSchema>;

/** The API process that measured a figure: one "worker" of the deployment. */
export const workerIdentitySchema = z.object({
  /** Stable for the process's life: `hostname:pid` unless the deployment names it. */
  id: z.string(),
  pid: z.number().int(),
  hostname: z.string(),
});
export type WorkerIdentity = z.infer<typeof workerIdentitySchema>;

/** Levels of a usage figure against its ceiling: warning past 75 percent, critical past 90. */
export const usageStatuses = ['ok', 'warning', 'critical'] as const;
const usageStatusSchema = z.enum(usageStatuses);
export type UsageStatus = z.infer<typeof usageStatusSchema>;

/** A raised or resolved health issue, pushed as the systemAlert event. */
export const systemAlertSchema = z.object({
  id: z.string(),
  severity: healthSeveritySchema,
  /** What was measured, or `otaRollout` when release health paused a staged rollout. */
  source: z.union([healthIssueKeySchema, z.literal('otaRollout')]),
  message: z.string(),
  timestamp: isoDateTimeSchema,
  /** 'raised' when a threshold was crossed upwards (or to a worse level), 'resolved' when back under. */
  state: z.enum(['raised', 'resolved']),
  /** The API process whose figures crossed the threshold. */
  worker: z.string(),
});
export type SystemAlert = z.infer<typeof systemAlertSchema>;

/** GET /api/system/health data. */
export const systemHealthSchema = z.object({
  online: z.boolean(),
  timestamp: isoDateTimeSchema,
  worker: workerIdentitySchema,
  /** 100 minus each issue's penalty (critical 30, high 15, medium 8, low 3), never below 0. */
  score: z.number().int().min(0).max(100),
  status: systemHealthStatusSchema,
  components: z.object({
    database: z.object({ status: databaseStatusSchema, latencyMs: z.number().nullable() }),
    api: z.object({ status: z.enum(['operational', 'error']) }),
    resources: z.object({
      memory: z.object({
        /** Heap used as a percentage of V8's heap size limit (what running out means). */
        usagePercent: z.number(),
        heapUsed: z.number(),
        heapTotal: z.number(),
        heapLimit: z.number(),
        rss: z.number(),
      }),
      /** The machine's memory in use, as a percentage. */
      serverMemory: z.object({ usagePercent: z.number() }),
      cpu: z.object({ percentage: z.number(), loadAverage: z.array(z.number()) }),
    }),
  }),
  /** Every raised issue, most severe first (the card shows the top 3). */
  issues: z.array(healthIssueSchema),
  /** One per raised issue, most severe first (the card shows 2, the panel 3). */
  recommendations: z.array(healthRecommendationSchema),
  /** The latest alerts this process raised or resolved, newest first (at most 5). */
  recentAlerts: z.array(systemAlertSchema),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

export const systemHealthResponseSchema = successResponse({ data: systemHealthSchema });
export type SystemHealthResponse = z.infer<typeof systemHealthResponseSchema>;

const userCountsSchema = z.object({ total: z.number().int(), admin: z.number().int() });

/** Staff with a live console socket, by where they sit (a user on both counts in both). */
export const activeUsersSchema = z.object({
  total: z.number().int(),
  admin: z.number().int(),
  mobile: userCountsSchema,
  dashboard: userCountsSchema,
});
export type ActiveUsers = z.infer<typeof activeUsersSchema>;

/** Response times of the last minute's requests, in ms (null when there were none). */
const responseTimesSchema = z.object({
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
});

/** GET /api/system/metrics data, also pushed as the systemMetrics event (every 5 s). */
export const systemMetricsSchema = z.object({
  timestamp: isoDateTimeSchema,
  /** The process that measured the process figures (memory, CPU, requests, event loop). */
  worker: workerIdentitySchema,
  /** Bytes; heapLimit is V8's heap size limit. */
  memory: z.object({
    heapUsed: z.number(),
    heapTotal: z.number(),
    heapLimit: z.number(),
    rss: z.number(),
  }),
  system: z.object({
    platform: z.string(),
    arch: z.string(),
    nodeVersion: z.string(),
    hostname: z.string(),
    /** Logical CPU cores of the machine. */
    cpuCount: z.number().int(),
    /** Bytes. */
    totalMem: z.number(),
    /** Bytes. */
    freeMem: z.number(),
  }),
  cpu: z.object({
    /** The machine's 1, 5 and 15 minute load averages (zeros on Windows). */
    loadAverage: z.array(z.number()),
    /** This process's CPU time over the last few seconds, in percent of one core. */
    percentage: z.number(),
  }),
  /** Event-loop delay beyond the timer's own resolution over the last few seconds, in ms. */
  eventLoop: z.object({ lagMs: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  /** Mean response time over the last minute, in ms (0 without requests). */
  responseTime: z.number(),
  responseTimes: responseTimesSchema,
  /** Percentage of 5xx answers over the last minute. */
  errorRate: z.number(),
  /** Requests answered in the last 60 s (probes and scrapes not counted). */
  requestsPerMinute: z.number().int(),
  /** Seconds since the process started. */
  uptime: z.number(),
  /** Console sockets open on this process. */
  activeConnections: z.number().int(),
  /**
   * Staff with a live console socket on any process, by where they sit: a mobile browser or the
   * dashboard on a computer; admin counts the superadmin and Admin roles among them.
   */
  activeUsers: activeUsersSchema,
  database: z.object({ connected: z.boolean(), latencyMs: z.number().nullable() }),
  environment: z.string(),
  version: z.string(),
  /** The console's public address (APP_URL) is https. */
  https: z.boolean(),
});
export type SystemMetrics = z.infer<typeof systemMetricsSchema>;

export const systemMetricsResponseSchema = successResponse({ data: systemMetricsSchema });
export type SystemMetricsResponse = z.infer<typeof systemMetricsResponseSchema>;

/** One API process (a "worker") of the deployment, as it last reported itself. */
export const clusterWorkerSchema = workerIdentitySchema.extend({
  /** The process that answered this request. */
  current: z.boolean(),
  /** Bytes; heapLimit is V8's heap size limit. */
  memory: z.object({
    heapUsed: z.number(),
    heapTotal: z.number(),
    heapLimit: z.number(),
    rss: z.number(),
  }),
  /** Percent of one core over the last few seconds. */
  cpu: z.object({ percentage: z.number() }),
  /** Seconds since the process started. */
  uptime: z.number(),
  eventLoopLagMs: z.number(),
  requestsPerMinute: z.number().int(),
  errorRate: z.number(),
  /** Mean over the last minute, in ms. */
  responseTime: z.number(),
  activeConnections: z.number().int(),
  reportedAt: isoDateTimeSchema,
});
export type ClusterWorker = z.infer<typeof clusterWorkerSchema>;

/** A console user with a socket open on a worker: how workers share who is connected. */
export const liveUserSchema = z.object({
  userId: z.string(),
  /** The superadmin or Admin role. */
  admin: z.boolean(),
  /** At least one of the user's sockets there comes from a mobile browser. */
  mobile: z.boolean(),
  /** At least one comes from a computer's browser. */
  dashboard: z.boolean(),
});
export type LiveUser = z.infer<typeof liveUserSchema>;

/**
 * What each API process publishes about itself every few seconds (in Redis with REDIS_URL), for
 * the others to list in the cluster panel and to count active users across processes.
 */
export const workerReportSchema = clusterWorkerSchema
  .omit({ current: true })
  .extend({ users: z.array(liveUserSchema) });
export type WorkerReport = z.infer<typeof workerReportSchema>;

/**
 * The database panel. The spec's shows a hosted plan's quotas (`mongodb`, free tier 500k daily
 * operations and 512 MB); the product runs PostgreSQL, so this block carries PostgreSQL's own
 * figures (pg_stat_database) and measures the size against the configured budget
 * (DATABASE_SIZE_BUDGET_MB).
 */
export const databaseUsageSchema = z.object({
  dialect: z.enum(['postgres', 'pglite']),
  connected: z.boolean(),
  /** server_version, null while the database does not answer. */
  version: z.string().nullable(),
  connections: z.object({
    /** True for the embedded PGlite: one in-process connection, no server, no pool. */
    embedded: z.boolean(),
    /** Backends connected to this database (pg_stat_database.numbackends). */
    current: z.number().int().nullable(),
    /** The server's max_connections. */
    max: z.number().int().nullable(),
    usagePercent: z.number().nullable(),
    status: usageStatusSchema,
    /** This process's pool: open, idle and waiting clients (null on PGlite). */
    pool: z
      .object({ total: z.number().int(), idle: z.number().int(), waiting: z.number().int() })
      .nullable(),
  }),
  operations: z.object({
    /** Commits and rollbacks a second since the previous sample (null until two samples exist). */
    transactionsPerSecond: z.number().nullable(),
    /** Rows read by scans a second (pg_stat_database.tup_returned). */
    rowsReadPerSecond: z.number().nullable(),
    /** Seconds between the two samples the rates come from. */
    sampleSeconds: z.number().nullable(),
  }),
  storage: z.object({
    /** pg_database_size, in bytes. */
    used: z.number().nullable(),
    /** DATABASE_SIZE_BUDGET_MB, in bytes. */
    budget: z.number(),
    usagePercent: z.number().nullable(),
    status: usageStatusSchema,
  }),
  /** The larger of the storage and connection usage. */
  overall: z.object({ status: usageStatusSchema, usagePercent: z.number().nullable() }),
  /** The spec's notice, set when overall usage is above 75 percent. */
  notice: z.string().nullable(),
  /** Always false: a self-hosted or embedded PostgreSQL has no plan quota. */
  isHosted: z.boolean(),
  planInfo: z.object({ tier: z.string(), plan: z.string() }),
});
export type DatabaseUsage = z.infer<typeof databaseUsageSchema>;

/** A suggestion about one worker (or the database when `worker` is null). */
export const clusterRecommendationSchema = z.object({
  type: z.string(),
  worker: z.string().nullable(),
  issue: z.string(),
  action: z.string(),
});
export type ClusterRecommendation = z.infer<typeof clusterRecommendationSchema>;

/** GET /api/system/cluster data. */
export const clusterInfoSchema = z.object({
  cluster: z.object({
    /** 'cluster' when more than one API process reported within the last 15 s. */
    mode: z.enum(['cluster', 'single']),
    /** Workers find each other through Redis (REDIS_URL); without it only this process is known. */
    registry: z.enum(['redis', 'local']),
  }),
  environment: z.string(),
  totalWorkers: z.number().int(),
  health: z.object({
    /** Every worker under its critical thresholds and the database answering. */
    healthy: z.boolean(),
    /** Share of workers under every warning threshold, 0 to 1. */
    workerEfficiency: z.number().min(0).max(1),
  }),
  workers: z.array(clusterWorkerSchema),
  database: databaseUsageSchema,
  recommendations: z.array(clusterRecommendationSchema),
});
export type ClusterInfo = z.infer<typeof clusterInfoSchema>;

export const clusterInfoResponseSchema = successResponse({ data: clusterInfoSchema });
export type ClusterInfoResponse = z.infer<typeof clusterInfoResponseSchema>;

/** GET /api/system/export-report: a JSON file saved as system-report-{date}.json. */
export const systemReportSchema = z.object({
  generatedAt: isoDateTimeSchema,
  health: systemHealthSchema,
  metrics: systemMetricsSchema,
  cluster: clusterInfoSchema,
});
export type SystemReport = z.infer<typeof systemReportSchema>;

/** The file name the report is saved under (spec 2 section 7), for a YYYY-MM-DD date. */
export function systemReportFileName(date: string): string {
  return `system-report-${date}.json`;
}
