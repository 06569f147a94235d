import { listActivitiesQuerySchema, listActivitiesResponseSchema } from '@patrol/contracts';
import { defineRoute } from '../../http/route';
import { listActivities } from './activity.service';

/** The activity feed behind the dashboard's Recent Activity. */
export const activityRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/activity',
    summary: 'Recent activity (clients added, licences bound, payments...), newest first',
    tags: ['activity'],
    access: { permissions: ['dashboard.view'] },
    query: listActivitiesQuerySchema,
    response: listActivitiesResponseSchema,
    handler: ({ ctx, query }) => listActivities(ctx.db, query),
  }),
];
