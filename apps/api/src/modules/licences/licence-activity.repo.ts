import { newClientWindowDays } from '@patrol/contracts';
import {
  dayMs,
  deviceActiveWindowMs,
  deviceRecentlyInactiveWindowMs,
  type LicenceActivityFigures,
  type LicenceActivitySummary,
} from '@patrol/domain';
import { and, count, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import {
  licenceActivityMinutes,
  licenceCreatedHourCounts,
  licenceExpiryDayCounts,
  licences,
} from '../../db/schema';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** A UTC wall-clock time, as the roll-ups' minute and hour columns hold it. */
const utc = (date: Date) => sql`${date.toISOString()}::timestamptz at time zone 'UTC'`;
const sumOf = (column: AnyPgColumn, where?: SQL) =>
  where
    ? sql`coalesce(sum(${column}) filter (where ${where}), 0)`
    : sql`coalesce(sum(${column}), 0)`;

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const floorTo = (date: Date, unitMs: number) =>
  new Date(Math.floor(date.getTime() / unitMs) * unitMs);

/**
 * The licence activity tiles from the roll-ups the licences' triggers keep (migration 0048), a
 * few thousand rows whatever the number of licences; the dashboard reads it through a snapshot
 * refreshed every few seconds (licences.service). The thresholds are those of the domain's
 * licenceActivityBucket: expired wins (validUntil before now); a valid unbound licence is
 * non-activated; a bound one is active under 5 minutes since its last report, recently inactive
 * under 24 hours, and long-term inactive after that or when it never reported.
 *
 * Two parts are counted by whole units: a report counts as active or recent by its minute (the
 * minute 5 minutes ago counts whole, as does the one 24 hours ago), and "30 days ago" by the hour.
 * What the roll-ups cannot say is read by index from the licences themselves: those expiring
 * earlier today (licences_valid_until_idx), and those expired within the day that still have a
 * report in it: a device is refused once its licence has expired and an expiry only ever moves
 * later, so a licence that reported within the last 24 hours and has expired since expired
 * within them.
 */
export async function licenceActivityCounts(
  db: DbExecutor,
  now: Date,
): Promise<LicenceActivityFigures> {
  const days = licenceExpiryDayCounts;
  const minutes = licenceActivityMinutes;
  const today = now.toISOString().slice(0, 10);
  const todayStart = new Date(`${today}T00:00:00Z`);
  const activeSince = floorTo(new Date(now.getTime() - deviceActiveWindowMs), minuteMs);
  const recentSince = floorTo(new Date(now.getTime() - deviceRecentlyInactiveWindowMs), minuteMs);
  const createdSince = floorTo(new Date(now.getTime() - newClientWindowDays * dayMs), hourMs);
  const reportMinute = sql`date_trunc('minute', ${licences.lastDeviceActivity} at time zone 'UTC')`;
  const result = await db.execute<Record<string, string | number | Date | null>>(sql`
    select d.*, e.*, m.*, x.*,
           (select ${sumOf(licenceCreatedHourCounts.licences)} from ${licenceCreatedHourCounts}
             where ${licenceCreatedHourCounts.createdHour} >= ${utc(createdSince)}) as created_recently,
           (select ${minutes.latest} from ${minutes} where ${minutes.licences} > 0
             order by ${minutes.minute} desc limit 1) as last_updated
      from (select ${sumOf(days.licences)} as total,
                   ${sumOf(days.licences, sql`${days.bound}`)} as bound,
                   ${sumOf(days.licences, sql`${days.expiryDay} < ${today}`)} as expired_before,
                   ${sumOf(days.licences, sql`${days.expiryDay} < ${today} and ${days.bound}`)} as expired_bound_before
              from ${days}) d,
           (select count(*) as expired_today,
                   count(*) filter (where ${licences.bound}) as expired_bound_today
              from ${licences}
             where ${licences.validUntil} >= ${at(todayStart)} and ${licences.validUntil} < ${at(now)}) e,
           (select ${sumOf(minutes.licences, sql`${minutes.minute} >= ${utc(activeSince)}`)} as reported_active,
                   ${sumOf(minutes.licences, sql`${minutes.minute} < ${utc(activeSince)}`)} as reported_recent
              from ${minutes} where ${minutes.minute} >= ${utc(recentSince)}) m,
           (select count(*) filter (where ${reportMinute} >= ${utc(activeSince)}) as expired_active,
                   count(*) filter (where ${reportMinute} < ${utc(activeSince)}) as expired_recent
              from ${licences}
             where ${licences.validUntil} >= ${at(recentSince)} and ${licences.validUntil} < ${at(now)}
               and ${licences.bound} and ${reportMinute} >= ${utc(recentSince)}) x`);
  const row = result.rows[0] ?? {};
  const figure = (name: string) => Number(row[name] ?? 0);
  const total = figure('total');
  const bound = figure('bound');
  const expired = figure('expired_before') + figure('expired_today');
  const expiredBound = figure('expired_bound_before') + figure('expired_bound_today');
  const activeNow = figure('reported_active') - figure('expired_active');
  const inactiveRecent = figure('reported_recent') - figure('expired_recent');
  const summary: LicenceActivitySummary = {
    activeNow,
    inactiveRecent,
    inactiveLongTerm: bound - expiredBound - activeNow - inactiveRecent,
    nonActivated: total - bound - (expired - expiredBound),
    expired,
    total,
    bound,
    unbound: total - bound,
  };
  const lastUpdated = row.last_updated ? new Date(row.last_updated) : null;
  return { summary, previousTotal: total - figure('created_recently'), lastUpdated };
}

/** Every licence and the bound ones, from the expiry-day roll-up (a few thousand rows). */
export async function countLicenceTotals(
  db: DbExecutor,
): Promise<{ totalLicences: number; boundLicences: number }> {
  const days = licenceExpiryDayCounts;
  const [row] = await db
    .select({
      totalLicences: sql<number>`${sumOf(days.licences)}`.mapWith(Number),
      boundLicences: sql<number>`${sumOf(days.licences, sql`${days.bound}`)}`.mapWith(Number),
    })
    .from(days);
  return { totalLicences: row?.totalLicences ?? 0, boundLicences: row?.boundLicences ?? 0 };
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
