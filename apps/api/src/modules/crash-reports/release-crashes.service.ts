import type { DbExecutor } from '../../db/client';
import { countAnrDevicesByDay, findLargestNewGroups } from './release-crashes.repo';

// What release health (the OTA module) reads of crash reports: the largest crash group new to a
// release, and the devices that reported ANRs from it per day.

/** For each of `appVersions`, the largest crash group first seen on it, with its occurrences. */
export function largestNewCrashGroups(db: DbExecutor, appVersions: readonly string[]) {
  return findLargestNewGroups(db, appVersions);
}

/** Devices with an ANR report (kind 'anr') from each of `appVersions` per UTC day since `since`. */
export function anrDevicesByDay(
  db: DbExecutor,
  appVersions: readonly string[],
  since: Date,
): Promise<Map<string, Map<string, number>>> {
  return countAnrDevicesByDay(db, appVersions, since);
}
