// Used from issue 15 (system status): health, metrics and cluster figures; reviewed against the spec when that issue builds on it.
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

/** GET /api/system/health data. */
export const systemHealthSchema = z.object({
  online: z.boolean(),
  timestamp: isoDateTimeSchema,
  components: z.object({
    database: z.object({ status: databaseStatusSchema, latencyMs: z.number().nullable() }),
    api: z.object({ status: z.enum(['operational', 'error']) }),
    resources: z.object({
      memory: z.object({
        /** Heap used as a percentage of the heap total. */
        usagePercent: z.number(),
        heapUsed: z.number(),
        heapTotal: z.number(),
      }),
    }),
  }),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

export const systemHealthResponseSchema = successResponse({ data: systemHealthSchema });
export type SystemHealthResponse = z.infer<typeof systemHealthResponseSchema>;

const userCountsSchema = z.object({ total: z.number().int(), admin: z.number().int() });

/** GET /api/system/metrics data, also pushed as the systemMetrics event. */
export const systemMetricsSchema = z.object({
  timestamp: isoDateTimeSchema,
  memory: z.object({ heapUsed: z.number(), heapTotal: z.number(), rss: z.number() }),
  system: z.object({
    platform: z.string(),
    arch: z.string(),
    nodeVersion: z.string(),
    /** Bytes. */
    totalMem: z.number(),
    /** Bytes. */
    freeMem: z.number(),
  }),
  cpu: z.object({ loadAverage: z.array(z.number()) }),
  /** Mean response time over the last minute, in ms. */
  responseTime: z.number(),
  /** Percentage of 5xx answers over the last minute. */
  errorRate: z.number(),
  requestsPerMinute: z.number(),
  /** Seconds since the process started. */
  uptime: z.number(),
  activeConnections: z.number().int(),
  /** Users active in the last 5 minutes, by client kind. */
  activeUsers: z.object({
    total: z.number().int(),
    mobile: userCountsSchema,
    dashboard: userCountsSchema,
  }),
  database: z.object({ connected: z.boolean() }),
  environment: z.string(),
  version: z.string(),
  https: z.boolean(),
});
export type SystemMetrics = z.infer<typeof systemMetricsSchema>;

export const systemMetricsResponseSchema = successResponse({ data: systemMetricsSchema });
export type SystemMetricsResponse = z.infer<typeof systemMetricsResponseSchema>;

const usageStatusSchema = z.enum(['ok', 'warning', 'critical']);

/** One API process (a "worker") of the deployment. */
export const clusterWorkerSchema = z.object({
  id: z.string(),
  pid: z.number().int(),
  memory: z.object({ heapUsed: z.number(), heapTotal: z.number() }),
  cpu: z.object({ percentage: z.number() }),
  uptime: z.number(),
});
export type ClusterWorker = z.infer<typeof clusterWorkerSchema>;

/**
 * Database usage against the plan's quota. The spec's panel calls this block `mongodb`; the
 * product runs PostgreSQL, so it is named `database` with the same inner fields.
 */
export const databaseUsageSchema = z.object({
  connections: z.object({
    current: z.number().int(),
    max: z.number().int(),
    usagePercent: z.number(),
    status: usageStatusSchema,
  }),
  operations: z.object({
    daily: z.number().int(),
    usagePercent: z.number(),
    status: usageStatusSchema,
  }),
  /** Storage used in bytes. */
  storage: z.object({ used: z.number(), usagePercent: z.number(), status: usageStatusSchema }),
  overall: z.object({ status: usageStatusSchema, usagePercent: z.number() }),
  /** True on a hosted plan with quotas (the spec's free tier: 500k daily operations, 512 MB). */
  isHosted: z.boolean(),
  planInfo: z.object({ tier: z.string(), plan: z.string() }),
});
export type DatabaseUsage = z.infer<typeof databaseUsageSchema>;

/** GET /api/system/cluster data. */
export const clusterInfoSchema = z.object({
  cluster: z.object({ mode: z.enum(['cluster', 'single']) }),
  environment: z.string(),
  totalWorkers: z.number().int(),
  health: z.object({
    healthy: z.boolean(),
    /** 0 to 1. */
    workerEfficiency: z.number().min(0).max(1),
  }),
  workers: z.array(clusterWorkerSchema),
  database: databaseUsageSchema,
  recommendations: z.array(
    z.object({
      type: z.string(),
      worker: z.string().nullable(),
      issue: z.string(),
      action: z.string(),
    }),
  ),
});
export type ClusterInfo = z.infer<typeof clusterInfoSchema>;

export const clusterInfoResponseSchema = successResponse({ data: clusterInfoSchema });
export type ClusterInfoResponse = z.infer<typeof clusterInfoResponseSchema>;

/** A raised health issue or event, pushed as the systemAlert event. */
export const systemAlertSchema = z.object({
  id: z.string(),
  severity: healthSeveritySchema,
  /** What was measured, e.g. database, memory, cpu, responseTime, errorRate, serverMemory. */
  source: z.string(),
  message: z.string(),
  timestamp: isoDateTimeSchema,
});
export type SystemAlert = z.infer<typeof systemAlertSchema>;

/** GET /api/system/export-report: saved as system-report-{date}.json. */
export const systemReportSchema = z.object({
  generatedAt: isoDateTimeSchema,
  health: systemHealthSchema,
  metrics: systemMetricsSchema,
  cluster: clusterInfoSchema,
});
export type SystemReport = z.infer<typeof systemReportSchema>;
