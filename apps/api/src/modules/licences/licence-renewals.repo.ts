import type { LicenceType } from '@patrol/contracts';
import { and, asc, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { licenceExpiryGroups, licences } from '../../db/schema';
import type { ExpiryWindowTotals } from '../../http/app-context';

/** Keys of one client expiring on one UTC day, of one type. */
export interface ExpiryGroupRow {
  clientId: string;
  expiryDate: string;
  licenceType: LicenceType;
  keyCount: number;
  /** Up to the page's `perGroup` of its keys, soonest first. */
  keys: string[];
}

/** The UTC days `fromDay` to `toDay`, both included. */
export interface ExpiryWindow {
  fromDay: string;
  toDay: string;
}

const inWindow = (window: ExpiryWindow) =>
  sql`${licenceExpiryGroups.expiryDay} between ${window.fromDay}::date and ${window.toDay}::date`;

/** A group's columns, for the subqueries another module attaches to it. */
export interface ExpiryGroupRefs {
  clientId: SQL;
  licenceType: SQL;
}

/**
 * Scalar subqueries attached to each group by name: another module's answer about the group's
 * client or licence type (a json object, or null), read in the page's statement.
 */
export type GroupAttachments = Record<string, (group: ExpiryGroupRefs) => SQL>;

/** What each attachment answers: the type its SQL carries. */
export type AttachedValues<A extends GroupAttachments> = {
  [K in keyof A]: ReturnType<A[K]> extends SQL<infer T> ? T : never;
};

const groupRefs: ExpiryGroupRefs = { clientId: sql`g.client_id`, licenceType: sql`g.licence_type` };

/**
 * One page of a window's expiry groups, soonest first, in the primary key's order over
 * licence_expiry_groups (kept on write by triggers on licences, migration 0037), never grouping
 * keys; each with up to `perGroup` of its keys, soonest first, read from
 * licences_client_type_expiry_idx (client, type, expiry): a few index entries a group, in the
 * same statement, as are the caller's `attach`ments.
 */
export async function findExpiryGroups<A extends GroupAttachments>(
  db: DbExecutor,
  window: ExpiryWindow & { limit: number; offset: number; perGroup: number },
  attach: A,
): Promise<(ExpiryGroupRow & { attached: AttachedValues<A> })[]> {
  const names = Object.keys(attach);
  const attachedColumns = names.map(
    (name, index) => sql`, (${attach[name]!(groupRefs)}) as ${sql.identifier(`attached_${index}`)}`,
  );
  const result = await db.execute<
    {
      client_id: string;
      expiry_day: string;
      licence_type: LicenceType;
      key_count: number;
      keys: string[];
    } & Record<string, unknown>
  >(sql`
    select g.client_id, g.expiry_day::text as expiry_day, g.licence_type, g.key_count, k.keys
           ${sql.join(attachedColumns)}
      from (select ${licenceExpiryGroups.clientId} as client_id,
                   ${licenceExpiryGroups.expiryDay} as expiry_day,
                   ${licenceExpiryGroups.licenceType} as licence_type,
                   ${licenceExpiryGroups.keyCount} as key_count
              from ${licenceExpiryGroups}
             where ${inWindow(window)}
             order by 2, 1, 3
             limit ${window.limit} offset ${window.offset}) g
     cross join lateral (
       select coalesce(array_agg(s.key order by s.valid_until, s.key), '{}') as keys from (
         select ${licences.key} as key, ${licences.validUntil} as valid_until
           from ${licences}
          where ${licences.clientId} = g.client_id
            and ${licences.licenceType} = g.licence_type
            and ${licences.validUntil} >= g.expiry_day::timestamp at time zone 'UTC'
            and ${licences.validUntil} < (g.expiry_day + 1)::timestamp at time zone 'UTC'
          order by ${licences.validUntil}, ${licences.key}
          limit ${window.perGroup}) s) k
     order by g.expiry_day, g.client_id, g.licence_type`);
  return result.rows.map((row) => ({
    clientId: row.client_id,
    expiryDate: row.expiry_day,
    licenceType: row.licence_type,
    keyCount: Number(row.key_count),
    keys: row.keys,
    attached: Object.fromEntries(
      names.map((name, index) => [name, row[`attached_${index}`] ?? null]),
    ) as AttachedValues<A>,
  }));
}

/**
 * A window's totals in one pass over its groups, grouped by client (a hash, not the sort a
 * count(distinct) takes): every group of the window is read, so callers hold the answer per
 * window (renewalTotals).
 */
export async function findExpiryWindowTotals(
  db: DbExecutor,
  window: ExpiryWindow,
): Promise<ExpiryWindowTotals> {
  const result = await db.execute<{
    group_count: number;
    key_count: number;
    client_count: number;
  }>(sql`
    select count(*)::int as client_count,
           coalesce(sum(c.groups), 0)::int as group_count,
           coalesce(sum(c.keys), 0)::int as key_count
      from (select count(*) as groups, sum(${licenceExpiryGroups.keyCount}) as keys
              from ${licenceExpiryGroups}
             where ${inWindow(window)}
             group by ${licenceExpiryGroups.clientId}) c`);
  const row = result.rows[0];
  return {
    groupCount: row?.group_count ?? 0,
    keyCount: row?.key_count ?? 0,
    clientCount: row?.client_count ?? 0,
  };
}

/** A key expiring within a renewal window. */
export interface ExpiringKeyRow {
  id: string;
  key: string;
  clientId: string;
  licenceType: LicenceType;
  validUntil: Date | null;
}

/** Every key expiring in [from, to), by client then expiry (the daily run's candidates). */
export function findExpiringKeys(db: DbExecutor, from: Date, to: Date): Promise<ExpiringKeyRow[]> {
  return db
    .select({
      id: licences.id,
      key: licences.key,
      clientId: licences.clientId,
      licenceType: licences.licenceType,
      validUntil: licences.validUntil,
    })
    .from(licences)
    .where(and(gte(licences.validUntil, from), lt(licences.validUntil, to)))
    .orderBy(asc(licences.clientId), asc(licences.validUntil), asc(licences.key));
}

/** How many keys the clients of `clientIds` (a subquery of their ids) hold. */
export async function countKeysOfAnyClient(db: DbExecutor, clientIds: SQL): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(licences)
    .where(sql`${licences.clientId} in (${clientIds})`);
  return row?.count ?? 0;
}
