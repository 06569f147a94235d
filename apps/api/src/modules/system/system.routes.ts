import {
  clusterInfoResponseSchema,
  systemHealthResponseSchema,
  systemMetricsResponseSchema,
  systemReportSchema,
} from '@patrol/contracts';
import { attachmentDisposition } from '../../http/downloads';
import { defineRoute } from '../../http/route';
import {
  checkMetricsToken,
  exportSystemReport,
  getClusterInfo,
  getSystemHealth,
  getSystemMetrics,
  prometheusMetrics,
} from './system.service';

const tags = ['system'];

/** The system screen's permission (system.view, apart from company settings). */
const viewers = { permissions: ['system.view'] } as const;

/** The system screen's calls (spec 2 section 7) and the Prometheus scrape. */
export const systemRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/system/health',
    summary: 'Health score, issues and recommendations, from a fresh sample of this process',
    description:
      'Issues follow spec 2 section 9: database lost (critical), heap memory against its limit, ' +
      'CPU load per core and mean response time (medium past the warning threshold, critical past ' +
      'the critical one), error rate past 5% of at least 20 requests, server memory past 90%, and ' +
      'the database past 75% of DATABASE_SIZE_BUDGET_MB. recentAlerts are the latest alerts this ' +
      'process raised or resolved.',
    tags,
    access: viewers,
    response: systemHealthResponseSchema,
    handler: ({ ctx }) => getSystemHealth(ctx),
  }),
  defineRoute({
    method: 'get',
    path: '/api/system/metrics',
    summary: "This process's figures and the active users of every process",
    description:
      'Memory, CPU, event-loop lag and the last 60 s of requests (rate, 5xx rate, mean and ' +
      'percentile response times; probes and scrapes not counted) are those of the process that ' +
      'answers, named in `worker`; active users are counted across every process (through Redis ' +
      'with REDIS_URL). Consoles holding system.view also receive this as systemMetrics every 5 s.',
    tags,
    access: viewers,
    response: systemMetricsResponseSchema,
    handler: ({ ctx }) => getSystemMetrics(ctx),
  }),
  defineRoute({
    method: 'get',
    path: '/api/system/cluster',
    summary: 'Every API process that reported in the last 15 s, and the database panel',
    description:
      'Each process publishes its figures every 5 s (to Redis with REDIS_URL, else only this ' +
      'process is known). The database block carries PostgreSQL figures (pg_stat_database): ' +
      'connections against max_connections (none on the embedded database), size against ' +
      'DATABASE_SIZE_BUDGET_MB with a notice past 75%, and transactions and rows read a second.',
    tags,
    access: viewers,
    response: clusterInfoResponseSchema,
    handler: ({ ctx }) => getClusterInfo(ctx),
  }),
  defineRoute({
    method: 'get',
    path: '/api/system/export-report',
    summary: 'Download health, metrics and cluster of one sample as system-report-{date}.json',
    tags,
    access: viewers,
    response: systemReportSchema,
    handler: async ({ ctx, res }) => {
      const { fileName, report } = await exportSystemReport(ctx);
      res.setHeader('Content-Disposition', attachmentDisposition(fileName));
      return report;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/metrics',
    summary: 'Prometheus metrics of this process (text exposition format)',
    description:
      'HTTP requests and durations by route template and status, console sockets, the database ' +
      'pool, Node.js process figures (event-loop lag, heap, CPU, GC), and business gauges: ' +
      'licences by binding state, expired licences, devices seen in 5 minutes, crash reports in ' +
      'the last hour. When METRICS_TOKEN is set, a scrape must send it as a bearer token (401 ' +
      'otherwise); unset, the route is open.',
    tags,
    access: 'public',
    response: {
      200: {
        contentType: 'text/plain; version=0.0.4',
        description: 'Prometheus text exposition format',
      },
    },
    handler: async ({ ctx, req, res }) => {
      checkMetricsToken(ctx, req.headers.authorization);
      const text = await prometheusMetrics(ctx);
      res.setHeader('Content-Type', ctx.observability.prometheus.contentType);
      res.send(text);
    },
  }),
];
