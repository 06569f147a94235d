import {
  billingInsightLimits,
  type AgingBuckets,
  type ReportAgingSection,
} from '@patrol/contracts';
import { businessDay, fromSen } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { AppContext } from '../../http/app-context';
import { agingByClient } from './reports.repo';

// The aging is as of a day, whatever the report's period: one grouped query answers every owing
// client (a row each, never an invoice), held in memory (`ctx.billingAging`, refreshed after
// every billing change); the screen shows the clients owing most, the export all of them.

export const bucketNames = ['current', 'thirty', 'sixty', 'ninety'] as const;
type BucketName = (typeof bucketNames)[number];
type BucketRow = { count: number; amountSen: string };

const ringgit = (senText: string) => fromSen(Number(senText));

function presentBuckets(rows: Record<BucketName, BucketRow>): AgingBuckets {
  const bucket = (row: BucketRow) => ({ count: row.count, amount: ringgit(row.amountSen) });
  return {
    current: bucket(rows.current),
    thirty: bucket(rows.thirty),
    sixty: bucket(rows.sixty),
    ninety: bucket(rows.ninety),
  };
}

/** Every owing client's aging on `today`, most owed first, and the buckets summed from them. */
export async function agingOfEveryClient(
  db: DbExecutor,
  today: string,
): Promise<ReportAgingSection> {
  const clients = await agingByClient(db, today);
  const sums = bucketNames.map(() => ({ count: 0, sen: 0n }));
  for (const row of clients) {
    bucketNames.forEach((name, index) => {
      sums[index]!.count += row[name].count;
      sums[index]!.sen += BigInt(row[name].amountSen);
    });
  }
  const totals = Object.fromEntries(
    bucketNames.map((name, index) => [
      name,
      { count: sums[index]!.count, amountSen: sums[index]!.sen.toString() },
    ]),
  ) as Record<BucketName, BucketRow>;
  return {
    buckets: presentBuckets(totals),
    details: clients.map((row) => ({
      name: row.name,
      totalOutstanding: ringgit(row.totalSen),
      buckets: presentBuckets(row),
    })),
  };
}

/** The aging of every owing client, and the day it is as of. */
export type AgingSnapshot = ReportAgingSection & { asOf: string };

/** What `ctx.billingAging` holds: every owing client's aging as of today. */
export async function computeAgingSnapshot(
  db: DbExecutor,
  now: Date = new Date(),
): Promise<AgingSnapshot> {
  const asOf = businessDay(now);
  return { asOf, ...(await agingOfEveryClient(db, asOf)) };
}

/**
 * Every owing client's aging as of `now`'s day: the held snapshot, or a fresh one when the held
 * one is of an earlier day (a snapshot nobody read since midnight).
 */
export async function readAging(
  ctx: Pick<AppContext, 'db' | 'billingAging'>,
  now: Date = new Date(),
): Promise<ReportAgingSection> {
  const held = await ctx.billingAging.read();
  return held.asOf === businessDay(now) ? held : computeAgingSnapshot(ctx.db, now);
}

/** The aging a report shows: the four buckets and the clients owing most. */
export function agingOnScreen(aging: ReportAgingSection): ReportAgingSection {
  return {
    buckets: aging.buckets,
    details: aging.details.slice(0, billingInsightLimits.agingClientsShown),
  };
}
