import { licenceBillingMessages, type Activity, type InvoiceLicence } from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import type { ClientRow, LicenceIssuanceRow } from '../../db/schema';
import type { DomainEvents } from '../../events/event-bus';
import { conflict, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { publishActivity, recordActivity } from '../activity/activity.service';
import { clientRowById, loadClient } from '../clients/clients.service';
import {
  findIssuances,
  lockLicencesByIds,
  markIssuancesRevoked,
  restoreLicenceExpiry,
} from './licence-billing.repo';
import { auditLicence, presentIssuances } from './licence-billing.service';
import { deleteLicenceRow } from './licences.repo';

// Revoking what an invoice paid for, once it is voided or credited in full: keys never disappear
// by themselves; a staff member revokes them (each, or all), and the trail says who.

export interface RevocationResult {
  revoked: number;
  licences: InvoiceLicence[];
  client?: ClientRow;
  activity?: Activity;
}

/**
 * Revokes the named issuances of the invoice (all that are left when none is named): an issued
 * key is deleted (a bound device is refused from then on); an extension is taken back, the key's
 * expiry set to what it was unless something else has changed it since.
 */
export async function revokeIssuances(
  tx: DbExecutor,
  actor: AuthUser,
  invoice: { id: string; invoiceNumber: string; clientId: string | null },
  issuanceIds: readonly string[] | undefined,
  now: Date,
): Promise<RevocationResult> {
  const all = await findIssuances(tx, invoice.id);
  const chosen = issuanceIds ? pick(all, issuanceIds) : all.filter((row) => !row.revokedAt);
  if (chosen.length === 0) throw conflict(licenceBillingMessages.nothingToRevoke);
  const locked = new Map(
    (
      await lockLicencesByIds(
        tx,
        chosen.flatMap((row) => (row.licenceId ? [row.licenceId] : [])),
      )
    ).map((row) => [row.id, row]),
  );
  for (const issuance of chosen) {
    const licence = issuance.licenceId ? locked.get(issuance.licenceId) : undefined;
    if (!licence) continue;
    if (issuance.action === 'issued') {
      await deleteLicenceRow(tx, licence.id);
      await auditLicence(tx, actor, 'licence.revoked', licence, null);
    } else {
      const restored = await restoreLicenceExpiry(
        tx,
        licence.id,
        issuance.validUntilAfter,
        issuance.validUntilBefore,
      );
      if (restored) await auditLicence(tx, actor, 'licence.revoked', licence, restored);
    }
  }
  const marked = await markIssuancesRevoked(
    tx,
    chosen.map((row) => row.id),
    { revokedAt: now, revokedBy: actor.id },
  );
  const client = invoice.clientId ? await clientRowById(tx, invoice.clientId) : undefined;
  const activity = client
    ? await recordActivity(tx, {
        type: 'licence_deleted',
        detail: `${marked.length} ${marked.length === 1 ? 'key' : 'keys'} paid by ${invoice.invoiceNumber} revoked`,
        companyId: client.companyId,
        refs: {
          companyName: client.companyName,
          companyId: client.companyId,
          invoiceNumber: invoice.invoiceNumber,
        },
        actorId: actor.id,
      })
    : undefined;
  return {
    revoked: marked.length,
    licences: await presentIssuances(tx, await findIssuances(tx, invoice.id)),
    client,
    activity,
  };
}

/** The named issuances: 404 for one not of this invoice, 409 for one already revoked. */
function pick(all: readonly LicenceIssuanceRow[], ids: readonly string[]): LicenceIssuanceRow[] {
  const byId = new Map(all.map((row) => [row.id, row]));
  return [...new Set(ids)].map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound(licenceBillingMessages.issuanceNotFound);
    if (row.revokedAt) throw conflict(licenceBillingMessages.alreadyRevoked);
    return row;
  });
}

/** After commit: the client's keys changed, and the activity. */
export async function announceRevocation(
  db: DbExecutor,
  events: DomainEvents,
  result: RevocationResult,
): Promise<void> {
  if (result.client) {
    const current = await loadClient(db, result.client.companyId);
    if (current) events.publish('clientUpdated', current);
  }
  if (result.activity) publishActivity(events, result.activity);
}
