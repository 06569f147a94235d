import { addDays, businessDay, overdueKeyState } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { unpaidInvoicesDueBetween } from '../invoices/invoice-dues.service';
import { keysOfClients, keysPaidBy } from '../licences/licence-renewals.service';
import { readRenewalSettings } from './overdue-standing.service';

/**
 * How many keys an unpaid invoice restricts and suspends now (the dashboard's counts): the keys
 * each overdue invoice paid, or with suspendOnOverdue every key of a client with one (its oldest
 * unpaid invoice decides). Reads only the invoices past the first grace.
 */
export async function overdueKeyCounts(
  db: DbExecutor,
  now: Date = new Date(),
): Promise<{ restricted: number; suspended: number }> {
  const settings = await readRenewalSettings(db);
  const today = businessDay(now);
  const overdue = await unpaidInvoicesDueBetween(
    db,
    '2000-01-01',
    addDays(today, -settings.graceToRestrictedDays),
  );
  const counts = { restricted: 0, suspended: 0 };
  if (settings.suspendOnOverdue) {
    const oldest = new Map<string, string>();
    for (const invoice of overdue) {
      const seen = oldest.get(invoice.clientId);
      if (!seen || invoice.dueDay < seen) oldest.set(invoice.clientId, invoice.dueDay);
    }
    const keys = await keysOfClients(db, [...oldest.keys()]);
    for (const [clientId, dueDay] of oldest) {
      const state = overdueKeyState(dueDay, today, settings);
      if (state) counts[state] += keys.get(clientId) ?? 0;
    }
    return counts;
  }
  const keys = await keysPaidBy(
    db,
    overdue.map((invoice) => invoice.id),
  );
  for (const invoice of overdue) {
    const state = overdueKeyState(invoice.dueDay, today, settings);
    if (state) counts[state] += keys.get(invoice.id) ?? 0;
  }
  return counts;
}
