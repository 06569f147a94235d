import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  crashGroupDevices,
  crashGroupRedirects,
  crashGroups,
  crashGroupVersions,
  crashReportCounts,
  crashReports,
  type NewCrashReportRow,
} from '../../db/schema';
import type { GroupOccurrence } from './crash-groups.repo';

/** Shards per status and severity pair of the report counters (as countReports spreads them). */
const counterShards = 8;

/** What a report adds to its group beyond the row itself. */
export type IntakeOccurrence = Pick<
  GroupOccurrence,
  'exceptionType' | 'culprit' | 'frames' | 'kind' | 'basis' | 'severityRank' | 'appVersion'
>;

/**
 * Stores a device's report and counts it in one statement (one round trip, no explicit
 * transaction): the report, filed in its signature's group or the group staff merged that
 * signature into (crash_group_redirects); its group's row (occurrences, first and last seen,
 * latest title and message, highest severity); the group's app version and device rows; and the
 * statistics counters. The group's row is locked only while this statement runs, so a burst of
 * one crash queues on it for a moment, not for several round trips. Answers the report's id and
 * its group's fingerprint.
 */
export async function insertCountedCrashReport(
  db: DbExecutor,
  values: Omit<NewCrashReportRow, 'fingerprint'> & { signatureFingerprint: string },
  group: IntakeOccurrence,
): Promise<{ id: string; fingerprint: string }> {
  const own = values.signatureFingerprint;
  const report = db
    .insert(crashReports)
    .values({
      ...values,
      fingerprint: sql`coalesce((select ${crashGroupRedirects.toFingerprint} from ${crashGroupRedirects}
        where ${crashGroupRedirects.fromFingerprint} = ${own}), ${own})`,
    })
    .returning({
      id: crashReports.id,
      createdAt: crashReports.createdAt,
      fingerprint: crashReports.fingerprint,
    });
  const deviceId = values.deviceId ?? null;
  const version = group.appVersion;
  const severity = values.severity ?? 'medium';
  const result = await db.execute<{ id: string; fingerprint: string }>(sql`
    with report as ${report},
    new_device as (
      insert into ${crashGroupDevices} (fingerprint, device_id, first_seen)
      select fingerprint, ${deviceId}::text, created_at from report where ${deviceId}::text is not null
      on conflict do nothing
      returning 1
    ),
    version as (
      insert into ${crashGroupVersions} (fingerprint, app_version, occurrences, first_seen, last_seen)
      select fingerprint, ${version}::text, 1, created_at, created_at from report
      where ${version}::text is not null
      on conflict (fingerprint, app_version) do update set
        occurrences = crash_group_versions.occurrences + 1,
        first_seen = least(crash_group_versions.first_seen, excluded.first_seen),
        last_seen = greatest(crash_group_versions.last_seen, excluded.last_seen)
    ),
    counted as (
      insert into ${crashReportCounts} (status, severity, shard, reports)
      values ('new', ${severity}, floor(random() * ${counterShards})::int, 1)
      on conflict (status, severity, shard) do update set
        reports = crash_report_counts.reports + excluded.reports
    ),
    grouped as (
      insert into ${crashGroups} (
        fingerprint, title, error_message, exception_type, culprit, frames, kind, basis,
        report_type, severity, severity_rank, occurrences, devices, first_seen, last_seen,
        last_report_id
      )
      select report.fingerprint, ${values.title}, ${values.errorMessage?.slice(0, 500) ?? null},
        ${group.exceptionType}, ${group.culprit}, ${JSON.stringify(group.frames)}::jsonb,
        ${group.kind}, ${group.basis}, ${values.reportType ?? 'automatic'}, ${severity},
        ${group.severityRank}, 1, (select count(*) from new_device), report.created_at,
        report.created_at, report.id
      from report
      on conflict (fingerprint) do update set
        occurrences = crash_groups.occurrences + 1,
        devices = crash_groups.devices + excluded.devices,
        first_seen = least(crash_groups.first_seen, excluded.first_seen),
        last_seen = greatest(crash_groups.last_seen, excluded.last_seen),
        title = case when excluded.last_seen >= crash_groups.last_seen
          then excluded.title else crash_groups.title end,
        error_message = case when excluded.last_seen >= crash_groups.last_seen
          then excluded.error_message else crash_groups.error_message end,
        last_report_id = case when excluded.last_seen >= crash_groups.last_seen
          then excluded.last_report_id else crash_groups.last_report_id end,
        severity = case when excluded.severity_rank > crash_groups.severity_rank
          then excluded.severity else crash_groups.severity end,
        severity_rank = greatest(crash_groups.severity_rank, excluded.severity_rank)
    )
    select id, fingerprint from report`);
  const row = result.rows[0]!;
  return { id: row.id, fingerprint: row.fingerprint };
}
