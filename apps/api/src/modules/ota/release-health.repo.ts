import { desc, eq, max, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { otaVersions, type OtaVersionRow } from '../../db/schema';

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
