import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  crashGroupDevices,
  crashGroupRedirects,
  crashGroups,
  crashGroupVersions,
  crashReports,
} from '../../db/schema';

/**
 * The group a signature's reports are counted in: the group staff merged it into, else its own.
 * One primary-key read per report at intake.
 */
export async function resolveGroupFingerprint(
  db: DbExecutor,
  signatureFingerprint: string,
): Promise<string> {
  const [row] = await db
    .select({ to: crashGroupRedirects.toFingerprint })
    .from(crashGroupRedirects)
    .where(eq(crashGroupRedirects.fromFingerprint, signatureFingerprint))
    .limit(1);
  return row?.to ?? signatureFingerprint;
}

/** The fingerprints merged into a group, the earliest merge first, with their report counts. */
export async function findMergedFingerprints(
  db: DbExecutor,
  fingerprint: string,
): Promise<{ fingerprint: string; mergedAt: Date; occurrences: number }[]> {
  const rows = await db
    .select({
      fingerprint: crashGroupRedirects.fromFingerprint,
      mergedAt: crashGroupRedirects.mergedAt,
      occurrences: sql<number>`(select count(*)::int from ${crashReports}
        where ${crashReports.fingerprint} = ${fingerprint}
          and coalesce(${crashReports.splitFingerprint}, ${crashReports.signatureFingerprint})
            = ${crashGroupRedirects.fromFingerprint})`,
    })
    .from(crashGroupRedirects)
    .where(eq(crashGroupRedirects.toFingerprint, fingerprint))
    .orderBy(asc(crashGroupRedirects.mergedAt), asc(crashGroupRedirects.fromFingerprint));
  return rows;
}

/** How many groups were merged into each of some groups (the list's grouping reasons). */
export async function countMergedGroups(
  db: DbExecutor,
  fingerprints: readonly string[],
): Promise<Map<string, number>> {
  if (fingerprints.length === 0) return new Map();
  const rows = await db
    .select({ to: crashGroupRedirects.toFingerprint, merged: sql<number>`count(*)::int` })
    .from(crashGroupRedirects)
    .where(sql`${crashGroupRedirects.toFingerprint} in ${[...fingerprints]}`)
    .groupBy(crashGroupRedirects.toFingerprint);
  return new Map(rows.map((row) => [row.to, row.merged]));
}

/** Locks a group's row for a merge or split (intake of the group waits); undefined when none. */
export async function lockCrashGroup(
  db: DbExecutor,
  fingerprint: string,
): Promise<{ fingerprint: string } | undefined> {
  const [row] = await db
    .select({ fingerprint: crashGroups.fingerprint })
    .from(crashGroups)
    .where(eq(crashGroups.fingerprint, fingerprint))
    .for('update');
  return row;
}

/**
 * Moves the reports of group `source` into `target` and sends its signature (and every one merged
 * into it before) to `target` from now on. Each report keeps its own signature's fingerprint so
 * that a split can take it back out. The source group's row goes; the caller rebuilds the counts.
 */
export async function moveGroupInto(
  db: DbExecutor,
  source: string,
  target: string,
  actorId: string,
): Promise<void> {
  await db.execute(sql`
    update ${crashReports}
    set fingerprint = ${target}, signature_fingerprint = coalesce(signature_fingerprint, fingerprint)
    where fingerprint = ${source}`);
  await db.execute(sql`
    update ${crashGroupRedirects} set to_fingerprint = ${target} where to_fingerprint = ${source}`);
  await db.execute(sql`
    insert into ${crashGroupRedirects} (from_fingerprint, to_fingerprint, merged_by)
    values (${source}, ${target}, ${actorId}::uuid)
    on conflict (from_fingerprint) do update set
      to_fingerprint = excluded.to_fingerprint, merged_by = excluded.merged_by, merged_at = now()`);
  await db.execute(sql`delete from ${crashGroups} where fingerprint = ${source}`);
}

/**
 * Takes the reports whose own group is `member` (their signature's, or the group staff split them
 * into) out of group `group` into a group of their own again, and ends the redirect.
 */
export async function moveMemberOut(db: DbExecutor, group: string, member: string): Promise<void> {
  await db.execute(sql`
    update ${crashReports} set fingerprint = ${member}
    where fingerprint = ${group} and coalesce(split_fingerprint, signature_fingerprint) = ${member}`);
  await db.execute(sql`delete from ${crashGroupRedirects} where from_fingerprint = ${member}`);
}

/** The latest report matching `condition`, with what its signature needs. */
export async function findLatestReport(db: DbExecutor, condition: SQL) {
  const [row] = await db
    .select({
      id: crashReports.id,
      title: crashReports.title,
      errorMessage: crashReports.errorMessage,
      stackTrace: sql<
        string | null
      >`coalesce(${crashReports.readableStackTrace}, ${crashReports.stackTrace})`,
      reportType: crashReports.reportType,
      kind: crashReports.kind,
      kindDetails: crashReports.kindDetails,
      severity: crashReports.severity,
      appVersion: crashReports.appVersion,
      deviceId: crashReports.deviceId,
      createdAt: crashReports.createdAt,
    })
    .from(crashReports)
    .where(condition)
    .orderBy(sql`${crashReports.createdAt} desc`, sql`${crashReports.id} desc`)
    .limit(1);
  return row;
}

export type LatestReport = NonNullable<Awaited<ReturnType<typeof findLatestReport>>>;

/** The latest report of group `group` whose own signature is `member`. */
export function findLatestReportOfSignature(db: DbExecutor, group: string, member: string) {
  return findLatestReport(
    db,
    sql`${crashReports.fingerprint} = ${group}
      and coalesce(${crashReports.splitFingerprint}, ${crashReports.signatureFingerprint}) = ${member}`,
  );
}

/** Is `member` merged into `group`? */
export async function isMergedInto(
  db: DbExecutor,
  group: string,
  member: string,
): Promise<boolean> {
  const [row] = await db
    .select({ to: crashGroupRedirects.toFingerprint })
    .from(crashGroupRedirects)
    .where(eq(crashGroupRedirects.fromFingerprint, member))
    .limit(1);
  return row?.to === group;
}

/**
 * Recounts a group from its reports after a merge or split: occurrences, first and last seen,
 * latest title and report, highest severity, its version rows and device rows. The group's
 * signature (exception, frames, kind) stays as it is; a group left without reports is deleted.
 */
export async function rebuildGroupCounts(db: DbExecutor, fingerprint: string): Promise<void> {
  await db.execute(sql`delete from ${crashGroupVersions} where fingerprint = ${fingerprint}`);
  await db.execute(sql`delete from ${crashGroupDevices} where fingerprint = ${fingerprint}`);
  await db.execute(sql`
    update ${crashGroups} g set
      occurrences = s.occurrences,
      first_seen = s.first_seen,
      last_seen = s.last_seen,
      title = s.title,
      error_message = s.error_message,
      last_report_id = s.last_report_id,
      severity_rank = s.severity_rank,
      severity = case s.severity_rank when 4 then 'critical' when 3 then 'high'
        when 2 then 'medium' else 'low' end
    from (
      select count(*)::int as occurrences, min(created_at) as first_seen,
        max(created_at) as last_seen, max(severity_rank) as severity_rank,
        (array_agg(title order by created_at desc, id desc))[1] as title,
        (array_agg(left(error_message, 500) order by created_at desc, id desc))[1] as error_message,
        (array_agg(id order by created_at desc, id desc))[1] as last_report_id
      from ${crashReports} where fingerprint = ${fingerprint}
    ) s
    where g.fingerprint = ${fingerprint} and s.occurrences > 0`);
  await db.execute(sql`
    insert into ${crashGroupVersions} (fingerprint, app_version, occurrences, first_seen, last_seen)
    select ${fingerprint}, app_version, count(*)::int, min(created_at), max(created_at)
    from ${crashReports} where fingerprint = ${fingerprint} and app_version is not null
    group by app_version`);
  await db.execute(sql`
    insert into ${crashGroupDevices} (fingerprint, device_id, first_seen)
    select ${fingerprint}, device_id, min(created_at)
    from ${crashReports} where fingerprint = ${fingerprint} and device_id is not null
    group by device_id`);
  await db.execute(sql`
    update ${crashGroups} set devices = (
      select count(*)::int from ${crashGroupDevices} where fingerprint = ${fingerprint})
    where fingerprint = ${fingerprint}`);
  await db.execute(sql`
    delete from ${crashGroups} where fingerprint = ${fingerprint}
      and not exists (select 1 from ${crashReports} where fingerprint = ${fingerprint})`);
}
