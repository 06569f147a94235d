import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { crashGroups, crashGroupVersions, crashReports } from '../../db/schema';

/**
 * For each of `appVersions`, the largest crash group first seen on it (no other version has it
 * with an earlier first sighting), by its occurrences on that version; debug reports' groups are
 * left out. One statement for every version.
 */
export async function findLargestNewGroups(
  db: DbExecutor,
  appVersions: readonly string[],
): Promise<Map<string, { fingerprint: string; title: string; occurrences: number }>> {
  const v = crashGroupVersions;
  const rows = await db.execute<{
    app_version: string;
    fingerprint: string;
    title: string;
    occurrences: number;
  }>(sql`
    select distinct on (${v.appVersion}) ${v.appVersion} as app_version,
      ${v.fingerprint} as fingerprint, ${crashGroups.title} as title,
      ${v.occurrences}::int as occurrences
    from ${v} join ${crashGroups} on ${crashGroups.fingerprint} = ${v.fingerprint}
    where ${v.appVersion} = any(${sql.param([...appVersions])}::text[])
      and ${crashGroups.reportType} <> 'debug'
      and not exists (
        select 1 from ${crashGroupVersions} as other
        where other.fingerprint = ${v.fingerprint} and other.app_version <> ${v.appVersion}
          and other.first_seen < ${v.firstSeen})
    order by ${v.appVersion}, ${v.occurrences} desc`);
  return new Map(
    rows.rows.map(({ app_version, ...group }) => [
      app_version,
      { ...group, occurrences: Number(group.occurrences) },
    ]),
  );
}

/**
 * Devices that sent an ANR report (kind 'anr') from each of `appVersions`, per UTC day since
 * `since`: index ranges on (app_version, created_at), one statement for every version.
 */
export async function countAnrDevicesByDay(
  db: DbExecutor,
  appVersions: readonly string[],
  since: Date,
): Promise<Map<string, Map<string, number>>> {
  const r = crashReports;
  const rows = await db.execute<{ app_version: string; day: string; devices: number }>(sql`
    select ${r.appVersion} as app_version,
      to_char(${r.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day,
      count(distinct ${r.deviceId})::int as devices
    from ${r}
    where ${r.appVersion} = any(${sql.param([...appVersions])}::text[])
      and ${r.createdAt} >= ${since} and ${r.kind} = 'anr' and ${r.deviceId} is not null
    group by 1, 2`);
  const byVersion = new Map<string, Map<string, number>>(
    appVersions.map((version) => [version, new Map()]),
  );
  for (const row of rows.rows) {
    byVersion.get(row.app_version)?.set(row.day, Number(row.devices));
  }
  return byVersion;
}
