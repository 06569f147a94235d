import {
  type Activity,
  type ListActivitiesQuery,
  type ListActivitiesResponse,
} from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import { presentActivity } from './activity.presenter';
import {
  findActivityPage,
  findRecentActivities,
  insertActivities,
  insertActivity,
  type NewActivity,
} from './activity.repo';
import { invalid } from '../../http/app-error';
import type { DomainEvents } from '../../events/event-bus';

export type { NewActivity };

/**
 * Records an activity inside the caller's transaction and returns it as presented, so that the
 * caller can publish it (publishActivity) once the transaction has committed.
 */
export async function recordActivity(db: DbExecutor, activity: NewActivity): Promise<Activity> {
  return presentActivity(await insertActivity(db, activity));
}

/** Records several activities as recordActivity does, in one statement and in their order. */
export async function recordActivities(
  db: DbExecutor,
  list: readonly NewActivity[],
): Promise<Activity[]> {
  return (await insertActivities(db, list)).map(presentActivity);
}

/** Announces a committed activity to the dashboards (activityUpdated). */
export function publishActivity(events: DomainEvents, activity: Activity): void {
  events.publish('activityUpdated', activity);
}

/** One page of the activity feed, newest first; `nextCursor` leads to the older page. */
export async function listActivities(
  db: DbExecutor,
  query: ListActivitiesQuery,
): Promise<ListActivitiesResponse> {
  const rows = await findActivityPage(db, {
    type: query.type,
    companyId: query.companyId,
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    success: true,
    activities: page.map(({ row }) => presentActivity(row)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor(last.createdAtText, last.row.id) : null,
  };
}

/** The newest `limit` activities, presented (the dashboard's Recent Activity). */
export async function recentActivities(db: DbExecutor, limit: number): Promise<Activity[]> {
  return (await findRecentActivities(db, limit)).map(presentActivity);
}

function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A timestamptz as PostgreSQL writes it as text, e.g. 2026-11-23 10:00:01.123456+00. */
const timestampPattern =
  /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

/** A cursor the API issued; anything else is a 400, never a database error. */
function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!uuidPattern.test(id) || !timestampPattern.test(createdAt)) {
    throw invalid('Invalid cursor.', { cursor: 'Invalid cursor.' });
  }
  return { createdAt, id };
}
