import type { QuotationResponse, QuotationStatus } from '@patrol/contracts';
import { businessDay, canTransitionQuotation } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { QuotationRow } from '../../db/schema';
import { conflict } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { quotationMessagesFor, quotationRuleMessages } from './quotation-messages';
import { auditQuotation, lockQuotation } from './quotation-records';
import { presentQuotation } from './quotations.presenter';
import { findQuotationItems, updateQuotationRow } from './quotations.repo';
import { quotationStatusNow, type QuotationDeps } from './quotations.service';

/**
 * A status change of the workflow buttons (spec 3 section 4): an illegal move is a 409 naming the
 * current status; 'converted' is reached only through conversion.
 */
export async function setQuotationStatus(
  deps: QuotationDeps,
  actor: AuthUser,
  id: string,
  status: QuotationStatus,
  now: Date = new Date(),
): Promise<QuotationResponse> {
  if (status === 'converted') throw conflict(quotationRuleMessages.convertThroughConversion);
  return changeQuotation(deps, actor, id, now, 'status_changed', (current) => {
    if (!canTransitionQuotation(current, status)) {
      throw conflict(quotationMessagesFor.illegalTransition(current, status));
    }
    return { values: { status }, message: quotationMessagesFor.statusUpdated(status) };
  });
}

/** Refuses to send a quotation that is neither a draft nor already sent (409). */
export function assertQuotationSendable(current: QuotationStatus): void {
  if (current !== 'draft' && current !== 'sent') {
    throw conflict(quotationMessagesFor.notSendable(current));
  }
}

/** Send: a draft becomes sent (a sent one may be sent again); when and to whom are recorded. */
export function markQuotationSent(
  deps: QuotationDeps,
  actor: AuthUser,
  id: string,
  delivery: { sentTo: string | null; message: string },
  now: Date = new Date(),
): Promise<QuotationResponse> {
  return changeQuotation(deps, actor, id, now, 'sent', (current) => {
    assertQuotationSendable(current);
    return {
      values: { status: 'sent', sentAt: now, sentTo: delivery.sentTo },
      message: delivery.message,
    };
  });
}

/** Marks a quotation converted to `invoice` (inside the conversion's transaction). */
export async function markQuotationConverted(
  tx: DbExecutor,
  actor: AuthUser,
  current: QuotationRow,
  invoice: { id: string; invoiceNumber: string },
): Promise<QuotationRow> {
  const updated = await updateQuotationRow(tx, current.id, {
    status: 'converted',
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
  });
  await auditQuotation(tx, actor, 'quotation.converted', current, updated);
  return updated;
}

/** Returns a converted quotation to accepted when its invoice is reverted. */
export async function markQuotationReverted(
  tx: DbExecutor,
  actor: AuthUser,
  current: QuotationRow,
): Promise<QuotationRow> {
  const updated = await updateQuotationRow(tx, current.id, {
    status: 'accepted',
    invoiceId: null,
    invoiceNumber: null,
  });
  await auditQuotation(tx, actor, 'quotation.reverted', current, updated);
  return updated;
}

async function changeQuotation(
  { db, events }: QuotationDeps,
  actor: AuthUser,
  id: string,
  now: Date,
  action: 'status_changed' | 'sent',
  decide: (current: QuotationStatus) => {
    values: Parameters<typeof updateQuotationRow>[2];
    message: string;
  },
): Promise<QuotationResponse> {
  const { row, items, message } = await db.transaction(async (tx) => {
    const current = await lockQuotation(tx, id);
    const change = decide(quotationStatusNow(current, now));
    const updated = await updateQuotationRow(tx, id, change.values);
    await auditQuotation(tx, actor, `quotation.${action}`, current, updated);
    return { row: updated, items: await findQuotationItems(tx, [id]), message: change.message };
  });
  events.publish('billingUpdated', { entity: 'quotation', action, id });
  return { success: true, message, quotation: presentQuotation(row, items, businessDay(now)) };
}
