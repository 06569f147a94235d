import type { ActivityRefs, ActivityType } from '@patrol/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { activities, type ActivityRow } from '../../db/schema';

/** A row to append to the activity feed. */
export interface NewActivity {
  type: ActivityType;
  detail: string;
  companyId?: string | null;
  refs?: ActivityRefs;
  actorId?: string | null;
}

/** Appends one activity; pass the transaction of the change so both commit or neither does. */
export async function insertActivity(db: DbExecutor, activity: NewActivity): Promise<ActivityRow> {
  const [row] = await db
    .insert(activities)
    .values({
      type: activity.type,
      detail: activity.detail,
      companyId: activity.companyId ?? null,
      refs: activity.refs ?? {},
      actorId: activity.actorId ?? null,
    })
    .returning();
  return row!;
}

export interface ActivityPageFilter {
  type?: ActivityType;
  companyId?: string;
  page: number;
  limit: number;
}

/** One page of the feed, newest first, and the total count. */
export async function findActivityPage(db: DbExecutor, filter: ActivityPageFilter) {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(activities.type, filter.type));
  if (filter.companyId) conditions.push(eq(activities.companyId, filter.companyId));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(activities)
    .where(where)
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ value: count() }).from(activities).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

/** The newest `limit` activities (the dashboard's Recent Activity). */
export function findRecentActivities(db: DbExecutor, limit: number): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activities)
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
}
