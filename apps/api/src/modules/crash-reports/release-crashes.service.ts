import type { DbExecutor } from '../../db/client';
import { countAnrDevicesByDay, findLargestNewGroup } from './release-crashes.repo';

// What release health (the OTA module) reads of crash reports: the largest crash group new to a
// release, and the devices that reported ANRs from it per day.

/** The largest crash group first seen on `appVersion`, with its occurrences on it. */
export function largestNewCrashGroup(db: DbExecutor, appVersion: string) {
  return findLargestNewGroup(db, appVersion);
}

/** Devices with an ANR report (kind 'anr') from `appVersion` per UTC day since `since`. */
export function anrDevicesByDay(
  db: DbExecutor,
  appVersion: string,
  since: Date,
): Promise<Map<string, number>> {
  return countAnrDevicesByDay(db, appVersion, since);
}
