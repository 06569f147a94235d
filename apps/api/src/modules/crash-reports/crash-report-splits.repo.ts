import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { crashGroups, crashReports } from '../../db/schema';
import { findLatestReport } from './crash-group-merges.repo';

/** How many of `ids` are reports of group `group`, and how many reports the group has. */
export async function countChosenReports(
  db: DbExecutor,
  group: string,
  ids: readonly string[],
): Promise<{ chosen: number; total: number }> {
  const result = await db.execute<{ chosen: number; total: number }>(sql`
    select count(*) filter (where ${crashReports.id} in ${[...ids]})::int as chosen,
      count(*)::int as total
    from ${crashReports} where ${crashReports.fingerprint} = ${group}`);
  const row = result.rows[0];
  return { chosen: Number(row?.chosen ?? 0), total: Number(row?.total ?? 0) };
}

/**
 * Moves the chosen reports of `group` into the new group `target` and pins them there
 * (split_fingerprint): regrouping and merges follow the pin, not their signature. Each report
 * keeps its own signature's fingerprint.
 */
export async function moveReportsToSplitGroup(
  db: DbExecutor,
  group: string,
  target: string,
  ids: readonly string[],
): Promise<void> {
  await db.execute(sql`
    update ${crashReports}
    set fingerprint = ${target}, split_fingerprint = ${target},
      signature_fingerprint = coalesce(signature_fingerprint, fingerprint)
    where fingerprint = ${group} and id in ${[...ids]}`);
}

/** The latest report of a group. */
export function findLatestReportOfGroup(db: DbExecutor, fingerprint: string) {
  return findLatestReport(db, sql`${crashReports.fingerprint} = ${fingerprint}`);
}

/** Notes the group a split group came out of (its grouping reason says so). */
export async function setSplitFrom(db: DbExecutor, fingerprint: string, from: string) {
  await db.execute(
    sql`update ${crashGroups} set split_from = ${from} where fingerprint = ${fingerprint}`,
  );
}

/**
 * The latest `limit` reports of a group with their stacks (readable where retraced; the first
 * 16,000 characters, enough for a stack's frames) for its stack variants: one range of
 * crash_reports_fingerprint_idx.
 */
export function findLatestStacksOfGroup(db: DbExecutor, fingerprint: string, limit: number) {
  return db
    .select({
      id: crashReports.id,
      kind: crashReports.kind,
      kindDetails: crashReports.kindDetails,
      stackTrace: sql<
        string | null
      >`left(coalesce(${crashReports.readableStackTrace}, ${crashReports.stackTrace}), 16000)`,
      appVersion: crashReports.appVersion,
      deviceId: crashReports.deviceId,
      createdAt: crashReports.createdAt,
    })
    .from(crashReports)
    .where(sql`${crashReports.fingerprint} = ${fingerprint}`)
    .orderBy(sql`${crashReports.createdAt} desc`, sql`${crashReports.id} desc`)
    .limit(limit);
}
