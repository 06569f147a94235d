import { newClientWindowDays } from '@patrol/contracts';
import {
  dayMs,
  deviceActiveWindowMs,
  deviceRecentlyInactiveWindowMs,
  type LicenceActivitySummary,
} from '@patrol/domain';
import { and, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { clients, invoices, licences, refreshTokens, users } from '../../db/schema';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const countWhere = (condition: SQL) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Client totals now, created in the last 30 days, and as they stood 30 days ago. */
export async function clientTotals(db: DbExecutor, now: Date) {
  const windowStart = at(new Date(now.getTime() - newClientWindowDays * dayMs));
  const [row] = await db
    .select({
      total: count(),
      recent: countWhere(sql`${clients.createdAt} >= ${windowStart}`),
      previous: countWhere(sql`${clients.createdAt} < ${windowStart}`),
    })
    .from(clients);
  return { total: row?.total ?? 0, recent: row?.recent ?? 0, previous: row?.previous ?? 0 };
}

/**
 * The licence activity tiles in one aggregate pass, with the thresholds of the domain's
 * licenceActivityBucket: expired wins (validUntil before now); a valid unbound licence is
 * non-activated; a bound one is active under 5 minutes since its last report, recently inactive
 * under 24 hours, and long-term inactive after that or when it never reported.
 */
export async function licenceActivityCounts(db: DbExecutor, now: Date) {
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
 * Staff accounts, and how many of the active ones are signed in (hold a refresh token that is
 * neither revoked nor expired): the closest measure of "active users" the sessions give.
 */
export async function staffUserCounts(db: DbExecutor, now: Date) {
  const [all] = await db.select({ value: count() }).from(users);
  const [signedIn] = await db
    .select({ value: sql<number>`count(distinct ${users.id})`.mapWith(Number) })
    .from(users)
    .innerJoin(refreshTokens, eq(refreshTokens.userId, users.id))
    .where(
      and(
        eq(users.status, 'active'),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    );
  return { total: all?.value ?? 0, signedIn: signedIn?.value ?? 0 };
}

/** Money received on invoices that stand (not voided), in sen. */
export async function receivedRevenueSen(db: DbExecutor): Promise<number> {
  const [row] = await db
    .select({
      sen: sql<string>`coalesce(sum(${invoices.paidAmount}), 0) * 100`,
    })
    .from(invoices)
    .where(eq(invoices.isVoided, false));
  return Math.round(Number(row?.sen ?? 0));
}
