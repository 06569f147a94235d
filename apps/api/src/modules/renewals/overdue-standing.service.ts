import type { LicenceRenewalSettings } from '@patrol/contracts';
import { businessDay, overdueStateDays, type IsoDay } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { OverdueStanding } from '../../http/app-context';
import { unpaidDueDays } from '../invoices/invoice-dues.service';
import { readCompanySettings } from '../settings/settings.service';

export type { OverdueStanding };

/** The renewal and overdue settings group of the company settings. */
export async function readRenewalSettings(db: DbExecutor): Promise<LicenceRenewalSettings> {
  return (await readCompanySettings(db)).licenceRenewals;
}

/**
 * When a key's unpaid invoice restricts and suspends it, read when its device session is loaded
 * (every few seconds per device: the settings row and one indexed read): with suspendOnOverdue the client's oldest
 * unpaid invoice counts, else only the invoice that paid the key. Null: nothing unpaid.
 */
export async function loadOverdueStanding(
  db: DbExecutor,
  licence: { clientId: string; paidByInvoiceId: string | null },
): Promise<OverdueStanding | null> {
  // In turn, not together: activation calls this inside its transaction (one connection).
  const settings = await readRenewalSettings(db);
  const dues = await unpaidDueDays(db, licence.clientId, licence.paidByInvoiceId);
  const dueDay = settings.suspendOnOverdue ? dues.oldest : dues.ofInvoice;
  return dueDay ? overdueStateDays(dueDay, settings) : null;
}

/** The overdue state on `now`'s business day: computed at the moment a device calls. */
export function overdueStatusOn(
  standing: OverdueStanding | null | undefined,
  now: Date,
): 'restricted' | 'suspended' | null {
  if (!standing) return null;
  const today: IsoDay = businessDay(now);
  if (today >= standing.suspendedFrom) return 'suspended';
  if (today >= standing.restrictedFrom) return 'restricted';
  return null;
}
