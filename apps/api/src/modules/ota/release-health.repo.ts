import { and, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { deviceAppVersions, otaVersions, type OtaVersionRow } from '../../db/schema';

/** The devices that said they run `release` within the window (index on platform, code, time). */
function onRelease(release: OtaVersionRow, since: Date) {
  return and(
    eq(deviceAppVersions.platform, release.platform),
    eq(deviceAppVersions.versionCode, release.versionCode),
    gt(deviceAppVersions.reportedAt, since),
  );
}

/**
 * How many devices said they run `release` since `since`, and how many of `crashedDeviceIds` are
 * among them: the crashed devices come from the release's recent crash reports, so the cost
 * follows the release's crashes, not its fleet.
 */
export async function countReleaseFleet(
  db: DbExecutor,
  release: OtaVersionRow,
  since: Date,
  crashedDeviceIds: readonly string[],
): Promise<{ devices: number; crashed: number }> {
  const counted = sql<number>`count(*)`.mapWith(Number);
  const [fleet] = await db
    .select({ devices: counted })
    .from(deviceAppVersions)
    .where(onRelease(release, since));
  if (crashedDeviceIds.length === 0) return { devices: fleet?.devices ?? 0, crashed: 0 };
  const [crashes] = await db
    .select({ crashed: counted })
    .from(deviceAppVersions)
    .where(
      and(onRelease(release, since), inArray(deviceAppVersions.deviceId, [...crashedDeviceIds])),
    );
  return { devices: fleet?.devices ?? 0, crashed: crashes?.crashed ?? 0 };
}

/** An arbitrary constant naming the refresh among the database's advisory locks. */
const refreshLockKey = 7_310_014;

/** Takes the refresh's advisory lock for the transaction; false when another holds it. */
export async function tryLockHealthRefresh(tx: DbExecutor): Promise<boolean> {
  const locked = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${refreshLockKey}) as locked`,
  );
  return Boolean(locked.rows[0]?.locked);
}

/** When release health was last refreshed (any release). */
export async function lastHealthCheck(db: DbExecutor): Promise<Date | null | undefined> {
  const [last] = await db.select({ checkedAt: max(otaVersions.healthCheckedAt) }).from(otaVersions);
  return last?.checkedAt;
}

/** The `limit` newest releases by version code. */
export function findNewestReleases(db: DbExecutor, limit: number): Promise<OtaVersionRow[]> {
  return db.select().from(otaVersions).orderBy(desc(otaVersions.versionCode)).limit(limit);
}

/** A release by id, locked until the transaction ends. */
export async function lockRelease(tx: DbExecutor, id: string): Promise<OtaVersionRow | undefined> {
  const [release] = await tx.select().from(otaVersions).where(eq(otaVersions.id, id)).for('update');
  return release;
}
