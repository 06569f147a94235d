import { dashboardResponseSchema } from '@patrol/contracts';
import { defineRoute } from '../../http/route';
import { loadDashboard } from './dashboard.service';

/** The dashboard's data; app.ts mounts it before GET /api/clients/:companyId. */
export const dashboardRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/clients/dashboard',
    summary: 'Dashboard: stats, licence activity tiles, recent activity and clients, system health',
    description:
      "All figures come from SQL aggregates. 503 'Dashboard temporarily unavailable' when the database does not answer. avgRevenuePerClient is null without reports.view.",
    tags: ['dashboard'],
    access: { permissions: ['dashboard.view'] },
    response: dashboardResponseSchema,
    handler: ({ ctx, user }) => loadDashboard(ctx, user),
  }),
];
