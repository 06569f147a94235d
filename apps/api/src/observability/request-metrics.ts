import type { RequestHandler } from 'express';
import type { PrometheusMetrics } from './prometheus';
import type { RequestFigures } from './request-figures';

/**
 * Probes poll every few seconds and a scraper every few more: counting them in the panel's
 * requests per minute would show traffic nobody sent. Prometheus still counts them.
 */
const unwindowedPaths = new Set(['/health', '/ready', '/metrics']);

/**
 * Times every answer and counts it twice: into the last-minute window of the system panel, and
 * into the Prometheus counters under its route template (`/api/clients/:companyId`, not the URL),
 * or `unmatched` when no route took it (404s, the console's files).
 */
export function recordRequests(
  window: RequestFigures,
  prometheus: PrometheusMetrics,
): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const path = req.path;
    res.once('finish', () => {
      const elapsedMs = performance.now() - started;
      const route = req.route ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      prometheus.observeRequest(
        { method: req.method, route, status: res.statusCode },
        elapsedMs / 1000,
      );
      if (!unwindowedPaths.has(path)) window.record(elapsedMs, res.statusCode);
    });
    next();
  };
}
