import { newClientWindowDays } from '@patrol/contracts';
import {
  dayMs,
  deviceActiveWindowMs,
  deviceRecentlyInactiveWindowMs,
  type LicenceActivityFigures,
  type LicenceActivitySummary,
} from '@patrol/domain';
import { and, count, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { licences } from '../../db/schema';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const countWhere = (condition: SQL) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * The licence activity tiles in one aggregate pass over every licence: the dashboard reads it
 * through a snapshot refreshed every few seconds (licences.service), never per request. The
 * thresholds are those of the domain's licenceActivityBucket: expired wins (validUntil before now); a valid unbound licence is
 * non-activated; a bound one is active under 5 minutes since its last report, recently inactive
 * under 24 hours, and long-term inactive after that or when it never reported.
 */
export async function licenceActivityCounts(
  db: DbExecutor,
  now: Date,
): Promise<LicenceActivityFigures> {
  const expired = sql`(${licences.validUntil} is not null and ${licences.validUntil} < ${at(now)})`;
  const valid = sql`not ${expired}`;
  const activeSince = at(new Date(now.getTime() - deviceActiveWindowMs));
  const recentSince = at(new Date(now.getTime() - deviceRecentlyInactiveWindowMs));
  const lastActivity = licences.lastDeviceActivity;
  const [row] = await db
    .select({
      total: count(),
      bound: countWhere(sql`${licences.bound}`),
      expired: countWhere(expired),
      nonActivated: countWhere(sql`${valid} and not ${licences.bound}`),
      activeNow: countWhere(
        sql`${valid} and ${licences.bound} and ${lastActivity} > ${activeSince}`,
      ),
      inactiveRecent: countWhere(
        sql`${valid} and ${licences.bound} and ${lastActivity} <= ${activeSince} and ${lastActivity} > ${recentSince}`,
      ),
      inactiveLongTerm: countWhere(
        sql`${valid} and ${licences.bound} and (${lastActivity} is null or ${lastActivity} <= ${recentSince})`,
      ),
      previousTotal: countWhere(
        sql`${licences.createdAt} < ${at(new Date(now.getTime() - newClientWindowDays * dayMs))}`,
      ),
      lastUpdated: sql<Date | string | null>`max(${lastActivity})`,
    })
    .from(licences);
  const total = row?.total ?? 0;
  const bound = row?.bound ?? 0;
  const summary: LicenceActivitySummary = {
    activeNow: row?.activeNow ?? 0,
    inactiveRecent: row?.inactiveRecent ?? 0,
    inactiveLongTerm: row?.inactiveLongTerm ?? 0,
    nonActivated: row?.nonActivated ?? 0,
    expired: row?.expired ?? 0,
    total,
    bound,
    unbound: total - bound,
  };
  const lastUpdated = row?.lastUpdated ? new Date(row.lastUpdated) : null;
  return { summary, previousTotal: row?.previousTotal ?? 0, lastUpdated };
}

/**
 * Licences past their validity date: a range read of licences_valid_until_idx (only the expired
 * entries), cheap enough for every Prometheus scrape, unlike the aggregate over every licence.
 */
export async function countExpiredLicences(db: DbExecutor, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(licences)
    .where(and(isNotNull(licences.validUntil), lt(licences.validUntil, now)));
  return row?.value ?? 0;
}
