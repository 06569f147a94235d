import type { LicenceRenewalSettings } from '@patrol/contracts';
import { businessDay, overdueStateDays, type IsoDay } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { OverdueStanding } from '../../http/app-context';
import { unpaidDueDays } from '../invoices/invoice-dues.service';
import { readCompanySettings } from '../settings/settings.service';
import { findOpenOverdueStatesOfClient } from './renewals.repo';

export type { OverdueStanding };

/** The renewal and overdue settings group of the company settings. */
export async function readRenewalSettings(db: DbExecutor): Promise<LicenceRenewalSettings> {
  return (await readCompanySettings(db)).licenceRenewals;
}

/** A key's overdue standing, and the client's other invoices recorded as overdue. */
export interface OverdueReading {
  /** Null: no unpaid invoice decides the key. */
  standing: OverdueStanding | null;
  /**
   * The client's other invoices whose keys are recorded restricted or suspended: one of them
   * settled is a restoration the device may be the first to see.
   */
  openElsewhere: string[];
}

/**
 * When a key's unpaid invoice restricts and suspends it, read when its device session is loaded
 * (every few seconds per device: the settings row and two indexed reads): with suspendOnOverdue
 * the client's oldest unpaid invoice decides, else only the invoice that paid the key. The
 * client's recorded overdue states say which transition the audit trail already holds.
 */
export async function loadOverdueStanding(
  db: DbExecutor,
  licence: { clientId: string; paidByInvoiceId: string | null },
): Promise<OverdueReading> {
  // In turn, not together: activation calls this inside its transaction (one connection).
  const settings = await readRenewalSettings(db);
  const dues = await unpaidDueDays(db, licence.clientId, licence.paidByInvoiceId);
  const open = await findOpenOverdueStatesOfClient(db, licence.clientId);
  const [dueDay, candidate] = settings.suspendOnOverdue
    ? [dues.oldest, dues.oldestId]
    : [dues.ofInvoice, licence.paidByInvoiceId];
  // Only an unpaid invoice decides; a settled one recorded as overdue is a restoration to record.
  const invoiceId = dueDay ? candidate : null;
  const openElsewhere = open.map((row) => row.invoiceId).filter((id) => id !== invoiceId);
  if (!dueDay || !invoiceId) return { standing: null, openElsewhere };
  const recorded = open.find((row) => row.invoiceId === invoiceId)?.state;
  return {
    standing: {
      invoiceId,
      ...overdueStateDays(dueDay, settings),
      recorded: recorded === 'restricted' || recorded === 'suspended' ? recorded : null,
    },
    openElsewhere,
  };
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
