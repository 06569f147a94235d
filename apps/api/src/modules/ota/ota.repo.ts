import type { OtaPlatform } from '@patrol/contracts';
import { and, count, desc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { otaVersions, type NewOtaVersionRow, type OtaVersionRow } from '../../db/schema';

/** How many releases the versions list shows, newest first; older ones stay on disk. */
export const otaVersionListLimit = 100;

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The newest releases, active only unless `includeInactive`. */
export function findVersions(
  db: DbExecutor,
  filter: { includeInactive: boolean; platform?: OtaPlatform },
): Promise<OtaVersionRow[]> {
  return db
    .select()
    .from(otaVersions)
    .where(
      and(
        filter.includeInactive ? undefined : eq(otaVersions.isActive, true),
        filter.platform ? eq(otaVersions.platform, filter.platform) : undefined,
      ),
    )
    .orderBy(desc(otaVersions.versionCode), desc(otaVersions.uploadedAt))
    .limit(otaVersionListLimit);
}

/** A release by row id or by version name (the spec lets either name it). */
export async function findVersion(
  db: DbExecutor,
  idOrVersion: string,
  options: { forUpdate?: boolean } = {},
): Promise<OtaVersionRow | undefined> {
  const query = db
    .select()
    .from(otaVersions)
    .where(
      isUuid(idOrVersion)
        ? or(eq(otaVersions.id, idOrVersion), eq(otaVersions.version, idOrVersion))
        : eq(otaVersions.version, idOrVersion),
    )
    .orderBy(desc(otaVersions.uploadedAt))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The release with the highest version code on a platform (the one a new upload must beat). */
export async function findLatestVersion(
  db: DbExecutor,
  platform: string,
): Promise<OtaVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(otaVersions)
    .where(eq(otaVersions.platform, platform))
    .orderBy(desc(otaVersions.versionCode))
    .limit(1);
  return row;
}

/** The active release of a platform and channel, if any. */
export async function findActiveVersion(
  db: DbExecutor,
  platform: string,
  channel = 'stable',
): Promise<OtaVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(otaVersions)
    .where(
      and(
        eq(otaVersions.platform, platform),
        eq(otaVersions.channel, channel),
        eq(otaVersions.isActive, true),
      ),
    )
    .orderBy(desc(otaVersions.versionCode))
    .limit(1);
  return row;
}

/** The release just below `versionCode` on the platform: what a new release is compared with. */
export async function findPreviousVersion(
  db: DbExecutor,
  platform: string,
  versionCode: number,
): Promise<OtaVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(otaVersions)
    .where(
      and(eq(otaVersions.platform, platform), sql`${otaVersions.versionCode} < ${versionCode}`),
    )
    .orderBy(desc(otaVersions.versionCode))
    .limit(1);
  return row;
}

export async function insertVersion(db: DbExecutor, row: NewOtaVersionRow): Promise<OtaVersionRow> {
  const [inserted] = await db.insert(otaVersions).values(row).returning();
  return inserted!;
}

export async function updateVersion(
  db: DbExecutor,
  id: string,
  values: Partial<Omit<NewOtaVersionRow, 'id'>>,
): Promise<OtaVersionRow> {
  const [updated] = await db
    .update(otaVersions)
    .set(values)
    .where(eq(otaVersions.id, id))
    .returning();
  return updated!;
}

/** Deactivates the other active releases of a platform and channel (one is current at a time). */
export async function deactivateOthers(db: DbExecutor, row: OtaVersionRow): Promise<void> {
  await db
    .update(otaVersions)
    .set({ isActive: false })
    .where(
      and(
        eq(otaVersions.platform, row.platform),
        eq(otaVersions.channel, row.channel),
        eq(otaVersions.isActive, true),
        ne(otaVersions.id, row.id),
      ),
    );
}

export async function deleteVersion(db: DbExecutor, id: string): Promise<void> {
  await db.delete(otaVersions).where(eq(otaVersions.id, id));
}

/** Release counts and platforms for the health panel: one aggregate over a small table. */
export async function versionStatistics(db: DbExecutor) {
  const [row] = await db
    .select({
      totalVersions: count(),
      activeVersions: sql<number>`count(*) filter (where ${otaVersions.isActive})`.mapWith(Number),
      platforms: sql<string[]>`coalesce(array_agg(distinct ${otaVersions.platform}), '{}')`,
    })
    .from(otaVersions);
  return row!;
}

/** Releases whose rollout runs (active, not paused, below 100%): the health watch's work list. */
export function findRollingOutVersions(db: DbExecutor): Promise<OtaVersionRow[]> {
  return db
    .select()
    .from(otaVersions)
    .where(
      and(
        eq(otaVersions.isActive, true),
        isNull(otaVersions.rolloutPausedAt),
        sql`${otaVersions.rolloutPercent} < 100`,
      ),
    );
}

/** A platform's release by its version name (unique per platform). */
export async function findPlatformVersion(
  db: DbExecutor,
  platform: OtaPlatform,
  version: string,
): Promise<OtaVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(otaVersions)
    .where(and(eq(otaVersions.platform, platform), eq(otaVersions.version, version)))
    .limit(1);
  return row;
}

/** The newest release below `release` on its platform that was never halted: the good build. */
export async function findPreviousGood(
  db: DbExecutor,
  release: OtaVersionRow,
): Promise<OtaVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(otaVersions)
    .where(
      and(
        eq(otaVersions.platform, release.platform),
        lt(otaVersions.versionCode, release.versionCode),
        isNull(otaVersions.haltRule),
        isNull(otaVersions.rolloutPausedAt),
      ),
    )
    .orderBy(desc(otaVersions.versionCode))
    .limit(1);
  return row;
}
