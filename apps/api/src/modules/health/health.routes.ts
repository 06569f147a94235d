import { z } from 'zod';
import { within } from '../../db/within';
import { defineRoute } from '../../http/route';

const livenessSchema = z.object({
  status: z.literal('ok'),
  /** Seconds since the process started. */
  uptime: z.number(),
});

const readySchema = z.object({ status: z.literal('ready'), database: z.literal('connected') });
const unavailableSchema = z.object({
  status: z.literal('unavailable'),
  database: z.literal('disconnected'),
});

/** A probe gives up after this long, so a silent database answers 503 well within 2 s. */
export const readinessTimeoutMs = 1_500;

/** Liveness and readiness probes for load balancers and orchestrators. */
export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Liveness: the process is up',
    tags: ['health'],
    access: 'public',
    response: livenessSchema,
    handler: () => ({ status: 'ok' as const, uptime: Math.round(process.uptime()) }),
  }),
  defineRoute({
    method: 'get',
    path: '/ready',
    summary: 'Readiness: the database answers',
    tags: ['health'],
    access: 'public',
    response: { 200: readySchema, 503: unavailableSchema },
    handler: async ({ ctx, req, res }) => {
      try {
        await within(ctx.database.ping(), readinessTimeoutMs);
        return { status: 'ready' as const, database: 'connected' as const };
      } catch (error) {
        req.log.warn({ err: error }, 'readiness check failed');
        res.status(503);
        return { status: 'unavailable' as const, database: 'disconnected' as const };
      }
    },
  }),
];
