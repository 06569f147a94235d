import { randomUUID } from 'node:crypto';
import type { SessionCounts } from '@patrol/domain';
import {
  crashGroups,
  crashGroupVersions,
  otaVersions,
  releaseDailyUsers,
  releaseDevices,
  releaseSessionHours,
  type NewOtaVersionRow,
} from '../../db/schema';
import type { TestContext } from '../../../test/builders';

/** Counter rows written straight to the tables, so a test states exactly what a fleet did. */
export function releaseHealthFixture(t: () => TestContext) {
  const db = () => t().database.db;
  return {
    async release(values: Partial<NewOtaVersionRow> & { version: string; versionCode: number }) {
      const [row] = await db()
        .insert(otaVersions)
        .values({
          packageName: 'com.patrol.guard',
          fileSize: 1000,
          checksum: 'a'.repeat(64),
          filePath: `${values.version}.apk`,
          ...values,
        })
        .returning();
      return row!;
    },
    async sessions(versionCode: number, hour: Date, counts: Partial<SessionCounts>) {
      await db()
        .insert(releaseSessionHours)
        .values({
          platform: 'android',
          versionCode,
          hour,
          started: 0,
          exited: 0,
          crashed: 0,
          abnormal: 0,
          anr: 0,
          ...counts,
        });
    },
    async dailyUsers(
      versionCode: number,
      day: string,
      users: number,
      perceivedCrashUsers = 0,
      perceivedAnrUsers = 0,
    ) {
      await db().insert(releaseDailyUsers).values({
        platform: 'android',
        versionCode,
        day,
        users,
        perceivedCrashUsers,
        perceivedAnrUsers,
      });
    },
    async devices(versionCode: number, count: number, crashed: number, seenAt: Date) {
      const rows = Array.from({ length: count }, (_, n) => ({
        platform: 'android',
        versionCode,
        deviceId: `MPDID-${randomUUID().slice(0, 12).toUpperCase()}-Health`,
        firstSeenAt: seenAt,
        lastSeenAt: seenAt,
        lastCrashAt: n < crashed ? seenAt : null,
      }));
      if (rows.length > 0) await db().insert(releaseDevices).values(rows);
    },
    async crashGroup(appVersion: string, title: string, occurrences: number, firstSeen: Date) {
      const fingerprint = randomUUID();
      await db().insert(crashGroups).values({
        fingerprint,
        title,
        reportType: 'automatic',
        severity: 'high',
        severityRank: 3,
        occurrences,
        devices: occurrences,
        firstSeen,
        lastSeen: firstSeen,
        lastReportId: randomUUID(),
      });
      await db()
        .insert(crashGroupVersions)
        .values({ fingerprint, appVersion, occurrences, firstSeen, lastSeen: firstSeen });
      return fingerprint;
    },
    async clear() {
      await db().delete(crashGroups);
      await db().delete(otaVersions);
      await db().delete(releaseSessionHours);
      await db().delete(releaseDailyUsers);
      await db().delete(releaseDevices);
    },
  };
}
