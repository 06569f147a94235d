import type { SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { ExpiryWindowTotals } from '../../http/app-context';
import {
  countKeysOfAnyClient,
  findExpiringKeys,
  findExpiryGroups,
  findExpiryWindowTotals,
  type AttachedValues,
  type ExpiringKeyRow,
  type ExpiryGroupRow,
  type ExpiryWindow,
  type GroupAttachments,
} from './licence-renewals.repo';

export type { ExpiringKeyRow } from './licence-renewals.repo';

/** The UTC days of `from` to `to`, both whole. */
function windowOf(from: Date, to: Date): ExpiryWindow {
  return { fromDay: from.toISOString().slice(0, 10), toDay: to.toISOString().slice(0, 10) };
}

/**
 * One page of the keys expiring on the UTC days of `from` to `to` (both days whole), grouped by
 * client, expiry day and type, each with what `attach` reads about it (another module's
 * subqueries, in the same statement), and the window's totals: read by `readTotals` (the
 * caller's cache), else from the groups.
 */
export async function expiryGroupPage<A extends GroupAttachments>(
  db: DbExecutor,
  window: { from: Date; to: Date; limit: number; offset: number; keysPerGroup: number },
  attach: A,
  readTotals: TotalsReader = (_key, load) => load(),
): Promise<ExpiryWindowTotals & { groups: (ExpiryGroupRow & { attached: AttachedValues<A> })[] }> {
  const days = windowOf(window.from, window.to);
  const [groups, totals] = await Promise.all([
    findExpiryGroups(
      db,
      { ...days, limit: window.limit, offset: window.offset, perGroup: window.keysPerGroup },
      attach,
    ),
    readTotals(`${days.fromDay}|${days.toDay}`, () => findExpiryWindowTotals(db, days)),
  ]);
  return { groups, ...totals };
}

/** Answers a window's totals by key (`fromDay|toDay`), from `load` or from what it holds. */
export type TotalsReader = (
  key: string,
  load: () => Promise<ExpiryWindowTotals>,
) => Promise<ExpiryWindowTotals>;

/** Every key expiring in [from, to), by client. */
export function expiringKeys(db: DbExecutor, from: Date, to: Date): Promise<ExpiringKeyRow[]> {
  return findExpiringKeys(db, from, to);
}

/** Keys held by the clients of a subquery (the dashboard's overdue counts with suspendOnOverdue). */
export function keysOfAnyClient(db: DbExecutor, clientIds: SQL): Promise<number> {
  return countKeysOfAnyClient(db, clientIds);
}
