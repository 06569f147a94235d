import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licences } from '../../db/schema';
import { type TestContext, buildClient, createTestContext } from '../../../test/builders';
import { scanRows } from '../../../test/roll-up-writes';
import { licenceActivityCounts } from './licence-activity.repo';
import { generateLicenceKey } from './licence-keys';

// The licence tiles' roll-ups (migration 0048) against the licences they count: after any
// sequence of inserts, binds, reports, extensions and deletes, every roll-up row equals a fresh
// aggregate of the licences, and the tiles read from them equal the tiles counted licence by
// licence.

const minuteMs = 60_000;
const dayMs = 86_400_000;
/** The tests' clock: 10:20:30 UTC, away from any minute or hour boundary a window ends on. */
const now = new Date('2031-03-10T10:20:30.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

/** Each roll-up's rows with licences in them, as kept and as a scan of the licences finds them. */
async function keptAndScanned(t: TestContext) {
  const rows = (query: SQL) => scanRows(t.database, query);
  const kept = {
    days: await rows(sql`
      select expiry_day::text as day, bound, licences::int as n from licence_expiry_day_counts
       where licences <> 0 order by 1, 2`),
    hours: await rows(sql`
      select created_hour::text as hour, licences::int as n from licence_created_hour_counts
       where licences <> 0 order by 1`),
    minutes: await rows(sql`
      select minute::text as minute, licences::int as n from licence_activity_minutes
       where licences <> 0 order by 1`),
  };
  const scanned = {
    days: await rows(sql`
      select coalesce((valid_until at time zone 'UTC')::date, 'infinity')::text as day, bound,
             count(*)::int as n
        from licences group by 1, 2 order by 1, 2`),
    hours: await rows(sql`
      select date_trunc('hour', created_at at time zone 'UTC')::text as hour, count(*)::int as n
        from licences group by 1 order by 1`),
    minutes: await rows(sql`
      select date_trunc('minute', last_device_activity at time zone 'UTC')::text as minute,
             count(*)::int as n
        from licences where last_device_activity is not null group by 1 order by 1`),
  };
  return { kept, scanned };
}

/** The tiles counted licence by licence, by the same whole-minute and whole-hour rule. */
async function countedOneByOne(t: TestContext) {
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const minute = (date: Date) => at(new Date(Math.floor(date.getTime() / minuteMs) * minuteMs));
  const reported = sql`date_trunc('minute', last_device_activity)`;
  const valid = sql`(valid_until is null or valid_until >= ${at(now)})`;
  const [row] = (
    await t.database.db.execute<Record<string, number>>(sql`
      select count(*)::int as total,
             count(*) filter (where bound)::int as bound,
             count(*) filter (where not ${valid})::int as expired,
             count(*) filter (where ${valid} and not bound)::int as "nonActivated",
             count(*) filter (where ${valid} and bound
               and ${reported} >= ${minute(ago(5 * minuteMs))})::int as "activeNow",
             count(*) filter (where ${valid} and bound and ${reported} < ${minute(ago(5 * minuteMs))}
               and ${reported} >= ${minute(ago(dayMs))})::int as "inactiveRecent",
             count(*) filter (where created_at < date_trunc('hour', ${at(ago(30 * dayMs))}))::int
               as "previousTotal"
        from licences`)
  ).rows;
  return row!;
}

describe('licence tiles (the dashboard roll-ups)', { timeout: 120_000 }, () => {
  let t: TestContext;
  let clientIds: string[];
  beforeAll(async () => {
    t = await createTestContext();
    clientIds = [
      (await buildClient(t, { companyName: 'Petak Satu Sdn Bhd' })).id,
      (await buildClient(t, { companyName: 'Petak Dua Sdn Bhd' })).id,
    ];
  }, 180_000);
  afterAll(() => t.close());

  it('count each licence in its tile, reading the licences only for today and the last day', async () => {
    const add = (count: number, values: Partial<typeof licences.$inferInsert>) =>
      t.database.db.insert(licences).values(
        Array.from({ length: count }, () => ({
          key: generateLicenceKey(),
          clientId: clientIds[0]!,
          createdAt: ago(2 * dayMs),
          ...values,
        })),
      );
    const device = (reportedAt: Date | null) => ({
      bound: true,
      deviceId: `MPDID-${generateLicenceKey().slice(3, 15).replace(/-/g, '')}-Tiles`,
      lastDeviceActivity: reportedAt,
    });
    await add(1, { validUntil: ago(3 * dayMs) }); // expired on an earlier day, unbound
    await add(1, { validUntil: ago(2 * minuteMs), ...device(ago(5 * dayMs)) }); // earlier today
    await add(1, { validUntil: ago(3 * 3_600_000), ...device(ago(4 * 3_600_000)) }); // expired, reported today
    await add(1, { validUntil: ago(minuteMs), ...device(ago(3 * minuteMs)) }); // expired since its last report
    await add(2, { validUntil: new Date(now.getTime() + 3_600_000) }); // later today, unbound
    await add(1, { validUntil: null }); // no expiry, unbound
    await add(1, { validUntil: null, ...device(ago(2 * minuteMs)) }); // active
    await add(1, {
      validUntil: new Date(now.getTime() + 9 * dayMs),
      ...device(ago(3 * 3_600_000)),
    }); // recent
    await add(1, { validUntil: new Date(now.getTime() + 9 * dayMs), ...device(ago(3 * dayMs)) }); // long term
    await add(1, { validUntil: new Date(now.getTime() + 9 * dayMs), ...device(null) }); // never reported
    await add(1, { validUntil: null, createdAt: ago(45 * dayMs) }); // 30 days ago already

    const { summary, previousTotal, lastUpdated } = await licenceActivityCounts(t.database.db, now);

    expect(summary).toEqual({
      total: 12,
      bound: 7,
      unbound: 5,
      expired: 4,
      nonActivated: 4,
      activeNow: 1,
      inactiveRecent: 1,
      inactiveLongTerm: 2,
    });
    expect(previousTotal).toBe(1);
    expect(lastUpdated).toEqual(ago(2 * minuteMs));
    expect({ ...summary, previousTotal }).toMatchObject(await countedOneByOne(t));
  });

  it('stay equal to a scan of the licences after any inserts, binds, reports, extensions and deletes', async () => {
    const instant = fc
      .integer({ min: -40 * 24 * 60, max: 40 * 24 * 60 })
      .map((minutes) => new Date(now.getTime() + minutes * minuteMs + 17_000));
    const change = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        count: fc.integer({ min: 1, max: 5 }),
        validUntil: fc.option(instant),
        createdAt: instant,
      }),
      fc.record({
        kind: fc.constant('bind' as const),
        pick: fc.nat(),
        reportedAt: fc.option(instant),
      }),
      fc.record({ kind: fc.constant('unbind' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('report' as const), reportedAt: instant }),
      fc.record({ kind: fc.constant('extend' as const), pick: fc.nat(), validUntil: instant }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    const { db } = t.database;
    // A device reports only while its licence is valid (the API refuses it once expired).
    const validAt = (instant: Date) =>
      sql`(${licences.validUntil} is null or ${licences.validUntil} >= ${instant.toISOString()}::timestamptz)`;
    const picked = async (pick: number) => {
      const ids = await db.select({ id: licences.id }).from(licences).orderBy(licences.id);
      return ids.length === 0 ? undefined : sql`${licences.id} = ${ids[pick % ids.length]!.id}`;
    };
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 10 }), async (changes) => {
        for (const step of changes) {
          if (step.kind === 'insert') {
            await db.insert(licences).values(
              Array.from({ length: step.count }, (_, index) => ({
                key: generateLicenceKey(),
                clientId: clientIds[index % 2]!,
                validUntil: step.validUntil,
                createdAt: step.createdAt,
              })),
            );
          } else if (step.kind === 'report') {
            // A heartbeat flush: every bound licence still valid then reports at once.
            await db
              .update(licences)
              .set({ lastDeviceActivity: step.reportedAt })
              .where(sql`${licences.bound} and ${validAt(step.reportedAt)}`);
          } else {
            const where = await picked(step.pick);
            if (!where) continue;
            if (step.kind === 'delete') await db.delete(licences).where(where);
            else if (step.kind === 'extend') {
              // An extension only moves an expiry later; a licence without one keeps none.
              await db
                .update(licences)
                .set({
                  validUntil: sql`case when ${licences.validUntil} is null then null else greatest(${licences.validUntil}, ${step.validUntil.toISOString()}::timestamptz) end`,
                })
                .where(where);
            } else {
              const bound = step.kind === 'bind';
              await db
                .update(licences)
                .set({
                  bound,
                  deviceId: bound
                    ? `MPDID-${generateLicenceKey().slice(3, 15).replace(/-/g, '')}-Tiles`
                    : null,
                  lastDeviceActivity: bound ? step.reportedAt : null,
                })
                .where(
                  bound && step.reportedAt ? sql`${where} and ${validAt(step.reportedAt)}` : where,
                );
            }
          }
        }
        const { kept, scanned } = await keptAndScanned(t);
        expect(kept).toEqual(scanned);
        const { summary, previousTotal } = await licenceActivityCounts(db, now);
        expect({ ...summary, previousTotal }).toMatchObject(await countedOneByOne(t));
      }),
      { numRuns: 15 },
    );
  });
});
