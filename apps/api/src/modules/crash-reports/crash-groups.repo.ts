import type {
  CrashGroupingBasis,
  CrashKind,
  CrashReportType,
  CrashSeverity,
} from '@patrol/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  like,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { withTotalCount } from '../../db/page-count';
import {
  crashGroupDevices,
  crashGroups,
  crashGroupVersions,
  crashReports,
  type CrashGroupRow,
  type CrashGroupVersionRow,
} from '../../db/schema';

/** One report as its group counts it. */
export interface GroupOccurrence {
  fingerprint: string;
  title: string;
  /** The report's error message; the group keeps its latest report's (first 500 characters). */
  errorMessage: string | null;
  exceptionType: string | null;
  culprit: string | null;
  frames: string[];
  kind: CrashKind;
  basis: CrashGroupingBasis;
  reportType: CrashReportType;
  severity: CrashSeverity;
  /** critical 4 down to low 1: the group keeps the highest severity seen. */
  severityRank: number;
  appVersion: string | null;
  deviceId: string | null;
  reportId: string;
  at: Date;
}

/**
 * Counts a report into its group in one statement, inside the caller's transaction: the group's
 * occurrences, first and last seen, latest title and highest severity; its app version's row;
 * and, when the device is new to the group, its device row and device count. Concurrent reports
 * of one group queue on the group's row, so the counts stay exact.
 */
export async function recordGroupOccurrence(
  db: DbExecutor,
  occurrence: GroupOccurrence,
): Promise<void> {
  const at = sql`${occurrence.at.toISOString()}::timestamptz`;
  const fingerprint = occurrence.fingerprint;
  const newDevice = occurrence.deviceId
    ? sql`insert into ${crashGroupDevices} (fingerprint, device_id, first_seen)
        values (${fingerprint}, ${occurrence.deviceId}, ${at})
        on conflict do nothing
        returning 1`
    : sql`select 1 where false`;
  const version = occurrence.appVersion
    ? sql`, version as (
        insert into ${crashGroupVersions} (fingerprint, app_version, occurrences, first_seen, last_seen)
        values (${fingerprint}, ${occurrence.appVersion}, 1, ${at}, ${at})
        on conflict (fingerprint, app_version) do update set
          occurrences = crash_group_versions.occurrences + 1,
          first_seen = least(crash_group_versions.first_seen, excluded.first_seen),
          last_seen = greatest(crash_group_versions.last_seen, excluded.last_seen)
      )`
    : sql``;
  // The foreign keys of the device and version rows are checked at the end of the statement, by
  // when the group row exists.
  await db.execute(sql`
    with new_device as (${newDevice})${version}
    insert into ${crashGroups} (
      fingerprint, title, error_message, exception_type, culprit, frames, kind, basis, report_type,
      severity, severity_rank, occurrences, devices, first_seen, last_seen, last_report_id
    )
    select ${fingerprint}, ${occurrence.title}, ${occurrence.errorMessage?.slice(0, 500) ?? null},
      ${occurrence.exceptionType}, ${occurrence.culprit},
      ${JSON.stringify(occurrence.frames)}::jsonb, ${occurrence.kind}, ${occurrence.basis},
      ${occurrence.reportType}, ${occurrence.severity},
      ${occurrence.severityRank}, 1, (select count(*) from new_device), ${at}, ${at},
      ${occurrence.reportId}::uuid
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
      severity_rank = greatest(crash_groups.severity_rank, excluded.severity_rank)`);
}

/** Which groups a list covers, and in what order. */
export interface CrashGroupFilter {
  search?: string;
  severity?: CrashSeverity;
  reportType?: 'crashes' | 'debug';
  kind?: CrashKind;
  appVersion?: string;
  sortBy: 'lastSeen' | 'firstSeen' | 'occurrences' | 'devices';
  sortOrder: 'asc' | 'desc';
}

function groupCondition(filter: CrashGroupFilter): SQL | undefined {
  return and(
    filter.search
      ? like(crashGroups.searchText, likePattern(filter.search.toLowerCase()))
      : undefined,
    filter.severity === undefined ? undefined : eq(crashGroups.severity, filter.severity),
    filter.reportType === 'debug' ? eq(crashGroups.reportType, 'debug') : undefined,
    filter.kind === undefined ? undefined : eq(crashGroups.kind, filter.kind),
    filter.reportType === 'crashes'
      ? inArray(crashGroups.reportType, ['automatic', 'manual'])
      : undefined,
    // Through the (app_version, fingerprint) index: the groups this version sent.
    filter.appVersion
      ? inArray(
          crashGroups.fingerprint,
          sql`(select ${crashGroupVersions.fingerprint} from ${crashGroupVersions}
            where ${crashGroupVersions.appVersion} = ${filter.appVersion})`,
        )
      : undefined,
  );
}

const groupSortColumns = {
  lastSeen: crashGroups.lastSeen,
  firstSeen: crashGroups.firstSeen,
  occurrences: crashGroups.occurrences,
  devices: crashGroups.devices,
} as const;

/** Groups without their derived search key. */
export type StoredCrashGroup = Omit<CrashGroupRow, 'searchText'>;

const { searchText: _search, ...groupColumns } = getTableColumns(crashGroups);

/** A page of groups (each sort has its index, with the fingerprint as tie-breaker) and their count. */
export async function findCrashGroupPage(
  db: DbExecutor,
  request: CrashGroupFilter & { page: number; limit: number },
): Promise<{ rows: StoredCrashGroup[]; totalCount: number }> {
  const where = groupCondition(request);
  const direction = request.sortOrder === 'asc' ? asc : desc;
  const offset = (request.page - 1) * request.limit;
  const rows = await db
    .select(groupColumns)
    .from(crashGroups)
    .where(where)
    .orderBy(direction(groupSortColumns[request.sortBy]), direction(crashGroups.fingerprint))
    .limit(request.limit)
    .offset(offset);
  return withTotalCount(rows, { offset, limit: request.limit }, async () => {
    const [total] = await db.select({ value: count() }).from(crashGroups).where(where);
    return total?.value ?? 0;
  });
}

/** A group by fingerprint. */
export async function findCrashGroup(
  db: DbExecutor,
  fingerprint: string,
): Promise<StoredCrashGroup | undefined> {
  const [row] = await db
    .select(groupColumns)
    .from(crashGroups)
    .where(eq(crashGroups.fingerprint, fingerprint))
    .limit(1);
  return row;
}

/** The version rows of some groups, the most recently seen first (read by primary key). */
export function findCrashGroupVersions(
  db: DbExecutor,
  fingerprints: readonly string[],
): Promise<CrashGroupVersionRow[]> {
  if (fingerprints.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(crashGroupVersions)
    .where(inArray(crashGroupVersions.fingerprint, [...fingerprints]))
    .orderBy(desc(crashGroupVersions.lastSeen), asc(crashGroupVersions.appVersion));
}

/**
 * Takes a report out of the group it was counted in (the report already carries its new
 * fingerprint): the version's and the group's occurrences drop by one, the device row goes when
 * no other report of the device is left in the group, and a group left empty is deleted with its
 * rows. First and last seen keep their values: they still bound the group's remaining reports.
 */
export async function removeGroupOccurrence(
  db: DbExecutor,
  occurrence: Pick<GroupOccurrence, 'fingerprint' | 'appVersion' | 'deviceId'>,
): Promise<void> {
  const { fingerprint, appVersion, deviceId } = occurrence;
  if (appVersion) {
    await db.execute(sql`
      update ${crashGroupVersions} set occurrences = occurrences - 1
      where fingerprint = ${fingerprint} and app_version = ${appVersion}`);
    await db.execute(sql`
      delete from ${crashGroupVersions}
      where fingerprint = ${fingerprint} and app_version = ${appVersion} and occurrences <= 0`);
  }
  const removedDevice = deviceId
    ? await db.execute(sql`
        delete from ${crashGroupDevices}
        where fingerprint = ${fingerprint} and device_id = ${deviceId}
          and not exists (
            select 1 from ${crashReports}
            where ${crashReports.fingerprint} = ${fingerprint} and ${crashReports.deviceId} = ${deviceId}
          )
        returning 1`)
    : { rows: [] };
  await db.execute(sql`
    update ${crashGroups}
    set occurrences = occurrences - 1, devices = devices - ${removedDevice.rows.length}
    where fingerprint = ${fingerprint}`);
  await db.execute(
    sql`delete from ${crashGroups} where fingerprint = ${fingerprint} and occurrences <= 0`,
  );
}
