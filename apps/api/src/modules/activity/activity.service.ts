import {
  buildPagination,
  type Activity,
  type ListActivitiesQuery,
  type ListActivitiesResponse,
} from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import { presentActivity } from './activity.presenter';
import { findActivityPage, insertActivity, type NewActivity } from './activity.repo';
import type { DomainEvents } from './event-bus';

/**
 * Records an activity inside the caller's transaction and returns it as presented, so that the
 * caller can publish it (publishActivity) once the transaction has committed.
 */
export async function recordActivity(db: DbExecutor, activity: NewActivity): Promise<Activity> {
  return presentActivity(await insertActivity(db, activity));
}

/** Announces a committed activity to the dashboards (activityUpdated). */
export function publishActivity(events: DomainEvents, activity: Activity): void {
  events.publish('activityUpdated', activity);
}

/** One page of the activity feed, newest first. */
export async function listActivities(
  db: DbExecutor,
  query: ListActivitiesQuery,
): Promise<ListActivitiesResponse> {
  const { rows, totalCount } = await findActivityPage(db, query);
  return {
    success: true,
    activities: rows.map(presentActivity),
    pagination: buildPagination(query.page, query.limit, totalCount),
  };
}
