import {
  invoiceNoteMessages,
  type CreateInvoiceNoteResponse,
  type CreateRefundNoteInput,
} from '@patrol/contracts';
import { businessDay, formatMoney, fromSen, toSen } from '@patrol/domain';
import { dayStart, moneyColumn } from '../../db/column-values';
import type { AppContext } from '../../http/app-context';
import { conflict, invalid } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { applyInvoiceNote, lockInvoiceForNote } from '../invoices/invoice-notes-balance.service';
import { nextDocumentNumber } from '../settings/numbering.service';
import { insertInvoiceNote } from './credit-notes.repo';
import { announceIssuedNote, recordIssuedNote, untaxedNoteLine } from './issued-note';

/**
 * POST /api/business/invoices/{id}/refund-notes: issues an RN- note recording money paid back to
 * the client, never more than the invoice's refund still due (validated money above what it owes,
 * less earlier refund notes). The invoice's refund due goes down by it; the note is queued for
 * MyInvois as a refund note (type 04).
 */
export async function issueRefundNote(
  {
    db,
    events,
    einvoiceQueue,
  }: Pick<AppContext, 'db' | 'events'> & Partial<Pick<AppContext, 'einvoiceQueue'>>,
  actor: AuthUser,
  invoiceId: string,
  body: CreateRefundNoteInput,
  now: Date = new Date(),
): Promise<CreateInvoiceNoteResponse> {
  const note = await db.transaction(async (tx) => {
    const { invoice, balance } = await lockInvoiceForNote(tx, invoiceId);
    if (invoice.isVoided) throw conflict(invoiceNoteMessages.refundVoided);
    const amountSen = toSen(body.amount);
    if (amountSen > balance.refundDueSen) {
      const message = invoiceNoteMessages.refundAboveDue(
        formatMoney(fromSen(balance.refundDueSen)),
      );
      throw invalid(message, { amount: message });
    }
    const applied = await applyInvoiceNote(tx, actor, invoice, {
      kind: 'refund',
      totalSen: amountSen,
    });
    const { number } = await nextDocumentNumber(tx, 'refundNote', now);
    const reason = body.reason.trim();
    const amount = moneyColumn(fromSen(amountSen));
    const row = await insertInvoiceNote(tx, {
      kind: 'refund',
      noteNumber: number,
      invoiceId,
      invoiceNumber: invoice.invoiceNumber,
      clientId: invoice.clientId,
      clientInfo: invoice.clientInfo,
      issueDate: dayStart(businessDay(now)),
      reason,
      // No tax of its own: the tax was adjusted by the credit note.
      lineItems: [untaxedNoteLine(reason, amountSen)],
      subtotal: amount,
      taxAmount: moneyColumn(0),
      totalAmount: amount,
      invoiceOwedAfter: moneyColumn(fromSen(applied.balance.owedSen)),
      refundDue: moneyColumn(fromSen(applied.balance.refundDueSen)),
      refundMethod: body.method,
      refundDate: dayStart(body.refundDate),
      refundReference: body.reference,
      createdBy: actor.id,
    });
    return recordIssuedNote(tx, einvoiceQueue, actor, row);
  });
  return announceIssuedNote(events, note, invoiceId, invoiceNoteMessages.refundIssued);
}
