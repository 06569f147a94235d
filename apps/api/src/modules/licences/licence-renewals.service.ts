import type { DbExecutor } from '../../db/client';
import {
  countKeysOfClients,
  countKeysPaidBy,
  findExpiringKeys,
  findExpiryGroupPage,
  findGroupKeys,
  type ExpiringKeyRow,
  type ExpiryGroupPage,
  type ExpiryGroupRow,
} from './licence-renewals.repo';

export type { ExpiringKeyRow, ExpiryGroupPage, ExpiryGroupRow };

/**
 * One page of the keys expiring on the UTC days of `from` to `to` (both days whole), grouped by
 * client, expiry day and type.
 */
export function expiryGroupPage(
  db: DbExecutor,
  window: { from: Date; to: Date; limit: number; offset: number },
): Promise<ExpiryGroupPage> {
  return findExpiryGroupPage(db, {
    fromDay: window.from.toISOString().slice(0, 10),
    toDay: window.to.toISOString().slice(0, 10),
    limit: window.limit,
    offset: window.offset,
  });
}

/** Up to `perGroup` keys of each group, keyed `clientId|expiryDate|licenceType`. */
export function keysOfGroups(
  db: DbExecutor,
  groups: readonly ExpiryGroupRow[],
  perGroup: number,
): Promise<Map<string, string[]>> {
  return findGroupKeys(db, groups, perGroup);
}

/** Every key expiring in [from, to), by client. */
export function expiringKeys(db: DbExecutor, from: Date, to: Date): Promise<ExpiringKeyRow[]> {
  return findExpiringKeys(db, from, to);
}

/** Keys paid by each invoice, and keys held by each client (the dashboard's overdue counts). */
export function keysPaidBy(db: DbExecutor, invoiceIds: readonly string[]) {
  return countKeysPaidBy(db, invoiceIds);
}

export function keysOfClients(db: DbExecutor, clientIds: readonly string[]) {
  return countKeysOfClients(db, clientIds);
}
