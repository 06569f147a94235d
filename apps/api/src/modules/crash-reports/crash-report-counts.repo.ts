import type { CrashReportStatistics, CrashSeverity, CrashStatus } from '@patrol/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { crashReportCounts } from '../../db/schema';

/** Shards per status and severity pair of the report counters. */
const counterShards = 8;

/** Adds `delta` reports of a status and severity to the counters, in the caller's transaction. */
export async function countReports(
  db: DbExecutor,
  status: CrashStatus,
  severity: CrashSeverity,
  delta: number,
): Promise<void> {
  await db
    .insert(crashReportCounts)
    .values({
      status,
      severity,
      shard: sql`floor(random() * ${counterShards})::int`,
      reports: delta,
    })
    .onConflictDoUpdate({
      target: [crashReportCounts.status, crashReportCounts.severity, crashReportCounts.shard],
      set: { reports: sql`${crashReportCounts.reports} + excluded.reports` },
    });
}

function summed(condition?: SQL): SQL<number> {
  return sql<number>`coalesce(sum(${crashReportCounts.reports}) ${
    condition ? sql`filter (where ${condition})` : sql``
  }, 0)`.mapWith(Number);
}

/** The four statistics cards, each a sum over the counters (at most a few hundred rows). */
const statisticsSums: Record<keyof CrashReportStatistics, SQL<number>> = {
  totalReports: summed(),
  newReports: summed(sql`${crashReportCounts.status} = 'new'`),
  resolvedReports: summed(sql`${crashReportCounts.status} = 'resolved'`),
  criticalReports: summed(sql`${crashReportCounts.severity} = 'critical'`),
};

/** The cards as one JSON value, a subquery of a list page's statement. */
export const statisticsJson = sql<CrashReportStatistics>`(select json_build_object(${sql.join(
  Object.entries(statisticsSums).map(([name, sum]) => sql`${sql.raw(`'${name}'`)}, ${sum}`),
  sql`, `,
)}) from ${crashReportCounts})`;

/** The four statistics cards, added up from the counters. */
export async function crashReportStatistics(db: DbExecutor): Promise<CrashReportStatistics> {
  const [row] = await prepared(db, 'crash_report_statistics', () =>
    db.select(statisticsSums).from(crashReportCounts).prepare('crash_report_statistics'),
  ).execute();
  return {
    totalReports: row?.totalReports ?? 0,
    newReports: row?.newReports ?? 0,
    resolvedReports: row?.resolvedReports ?? 0,
    criticalReports: row?.criticalReports ?? 0,
  };
}
