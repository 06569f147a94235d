import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { crashGroups, crashGroupVersions, crashReports } from '../../db/schema';

/**
 * The largest crash group first seen on `appVersion` (no other version has it with an earlier
 * first sighting), by its occurrences on that version; debug reports' groups are left out.
 */
export async function findLargestNewGroup(
  db: DbExecutor,
  appVersion: string,
): Promise<{ fingerprint: string; title: string; occurrences: number } | undefined> {
  const v = crashGroupVersions;
  const rows = await db.execute<{ fingerprint: string; title: string; occurrences: number }>(sql`
    select ${v.fingerprint} as fingerprint, ${crashGroups.title} as title,
      ${v.occurrences}::int as occurrences
    from ${v} join ${crashGroups} on ${crashGroups.fingerprint} = ${v.fingerprint}
    where ${v.appVersion} = ${appVersion} and ${crashGroups.reportType} <> 'debug'
      and not exists (
        select 1 from ${crashGroupVersions} as other
        where other.fingerprint = ${v.fingerprint} and other.app_version <> ${appVersion}
          and other.first_seen < ${v.firstSeen})
    order by ${v.occurrences} desc limit 1`);
  const row = rows.rows[0];
  return row && { ...row, occurrences: Number(row.occurrences) };
}

/**
 * Devices that sent an ANR report (kind 'anr') from `appVersion`, per UTC day since `since`: an
 * index range on (app_version, created_at).
 */
export async function countAnrDevicesByDay(
  db: DbExecutor,
  appVersion: string,
  since: Date,
): Promise<Map<string, number>> {
  const r = crashReports;
  const rows = await db.execute<{ day: string; devices: number }>(sql`
    select to_char(${r.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day,
      count(distinct ${r.deviceId})::int as devices
    from ${r}
    where ${r.appVersion} = ${appVersion} and ${r.createdAt} >= ${since}
      and ${r.kind} = 'anr' and ${r.deviceId} is not null
    group by 1`);
  return new Map(rows.rows.map((row) => [row.day, Number(row.devices)]));
}
