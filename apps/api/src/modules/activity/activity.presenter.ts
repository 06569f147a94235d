import {
  activityRefsSchema,
  activityTypeSchema,
  type Activity,
  type ActivityType,
} from '@patrol/contracts';
import type { ActivityRow } from '../../db/schema';

/**
 * An activity row as the dashboard and the activityUpdated event carry it. Types written by a
 * newer release than this one are shown as system_health rather than breaking the whole feed.
 */
export function presentActivity(row: ActivityRow): Activity {
  const type = activityTypeSchema.safeParse(row.type);
  const refs = activityRefsSchema.safeParse(row.refs);
  return {
    id: row.id,
    type: type.success ? type.data : ('system_health' satisfies ActivityType),
    detail: row.detail,
    timestamp: row.createdAt.toISOString(),
    companyId: row.companyId,
    refs: refs.success ? refs.data : {},
  };
}
