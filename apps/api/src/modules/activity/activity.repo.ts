import { randomUUID } from 'node:crypto';
import type { ActivityRefs, ActivityType } from '@patrol/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
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

/** Appends activities in one statement; answers their rows in the same order. */
export async function insertActivities(
  db: DbExecutor,
  list: readonly NewActivity[],
): Promise<ActivityRow[]> {
  if (list.length === 0) return [];
  // Ids made here, as RETURNING promises no order to match the rows back to `list` by.
  const values = list.map((activity) => ({
    id: randomUUID(),
    type: activity.type,
    detail: activity.detail,
    companyId: activity.companyId ?? null,
    refs: activity.refs ?? {},
    actorId: activity.actorId ?? null,
  }));
  const rows = await db.insert(activities).values(values).returning();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return values.map((value) => byId.get(value.id)!);
}

export interface ActivityPageFilter {
  type?: ActivityType;
  companyId?: string;
  /** Rows strictly older than this (created_at as text, with microseconds, and id). */
  before?: { createdAt: string; id: string };
  limit: number;
}

/**
 * One page of the feed, newest first, as an index range: (created_at, id) below the cursor, on
 * activities_company_id_idx when filtered by client, on activities_created_at_idx otherwise.
 * Each row comes with its created_at as text, the next page's cursor.
 */
export function findActivityPage(db: DbExecutor, filter: ActivityPageFilter) {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(activities.type, filter.type));
  if (filter.companyId) conditions.push(eq(activities.companyId, filter.companyId));
  if (filter.before) {
    conditions.push(
      sql`(${activities.createdAt}, ${activities.id}) < (${filter.before.createdAt}::timestamptz, ${filter.before.id}::uuid)`,
    );
  }
  return db
    .select({ row: activities, createdAtText: sql<string>`${activities.createdAt}::text` })
    .from(activities)
    .where(and(...conditions))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(filter.limit);
}

/** The newest `limit` activities (the dashboard's Recent Activity). */
export function findRecentActivities(db: DbExecutor, limit: number): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activities)
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
}
