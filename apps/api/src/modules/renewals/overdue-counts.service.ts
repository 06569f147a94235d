import { addDays, businessDay } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { clientsOldestUnpaidDue, unpaidKeysDue } from '../invoices/invoice-dues.service';
import { keysOfAnyClient } from '../licences/licence-renewals.service';
import { readRenewalSettings } from './overdue-standing.service';

/** Earlier than any due date an invoice has. */
const firstDueDay = '2000-01-01';

/**
 * How many keys an unpaid invoice restricts and suspends now (the dashboard's counts): the keys
 * each overdue invoice paid (a roll-up row per due date), or with suspendOnOverdue every key of a
 * client with one (its oldest unpaid invoice decides). Two counts in the database: an
 * invoice due on or before today less the second grace suspends, one due after that and on or
 * before today less the first grace restricts (`overdueKeyState` of @patrol/domain, by day).
 */
export async function overdueKeyCounts(
  db: DbExecutor,
  now: Date = new Date(),
): Promise<{ restricted: number; suspended: number }> {
  const settings = await readRenewalSettings(db);
  const today = businessDay(now);
  const restrictedFrom = addDays(today, -settings.graceToRestrictedDays);
  const suspendedFrom = addDays(today, -settings.graceToSuspendedDays);
  // A second grace no longer than the first suspends every overdue key.
  const lastSuspendedDay = suspendedFrom < restrictedFrom ? suspendedFrom : restrictedFrom;
  const firstRestrictedDay = addDays(lastSuspendedDay, 1);
  const count = settings.suspendOnOverdue
    ? (fromDay: string, toDay: string) =>
        keysOfAnyClient(db, clientsOldestUnpaidDue(db, fromDay, toDay))
    : (fromDay: string, toDay: string) => unpaidKeysDue(db, fromDay, toDay);
  const [restricted, suspended] = await Promise.all([
    firstRestrictedDay <= restrictedFrom ? count(firstRestrictedDay, restrictedFrom) : 0,
    count(firstDueDay, lastSuspendedDay),
  ]);
  return { restricted, suspended };
}
