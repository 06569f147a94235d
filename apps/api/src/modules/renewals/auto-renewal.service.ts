import { renewalMessages, type AutoRenewalResponse } from '@patrol/contracts';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordAudit } from '../audit/audit.service';
import { setAutoRenewal } from '../clients/client-renewal.service';

/**
 * PUT /api/business/renewals/clients/{companyId}: turns the client's auto-renewal on or off
 * (the daily run then invoices its renewals directly), audited. 404 for an unknown client.
 */
export async function updateAutoRenewal(
  { db }: Pick<AppContext, 'db'>,
  actor: AuthUser,
  companyId: string,
  autoRenewal: boolean,
): Promise<AutoRenewalResponse> {
  const changed = await db.transaction(async (tx) => {
    const result = await setAutoRenewal(tx, companyId, autoRenewal);
    if (!result) throw notFound(renewalMessages.clientNotFound);
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'client.auto_renewal_changed',
      entityType: 'client',
      entityId: result.after.id,
      before: { companyName: result.before.companyName, autoRenewal: result.before.autoRenewal },
      after: { companyName: result.after.companyName, autoRenewal: result.after.autoRenewal },
    });
    return result.after;
  });
  return {
    success: true,
    message: autoRenewal
      ? renewalMessages.autoRenewalOn(changed.companyName)
      : renewalMessages.autoRenewalOff(changed.companyName),
    companyId: changed.companyId,
    autoRenewal: changed.autoRenewal,
  };
}
