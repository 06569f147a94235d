import type { InvoiceResponse, ProcessPaymentBody } from '@patrol/contracts';
import { businessDay, canProcessPayment, fromSen, toSen } from '@patrol/domain';
import { dayStart, moneyColumn } from '../../db/column-values';
import { conflict, invalid } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { invoiceStatusOn } from './invoices.presenter';
import { findPaymentEntries, insertPaymentEntry } from './invoices.repo';
import {
  amountAboveOutstanding,
  auditInvoice,
  auditPayments,
  invoiceEvent,
  invoiceRuleMessages,
  lockInvoice,
  present,
  type InvoiceDeps,
} from './invoices.service';
import { balanceOf, writeBalance } from './payment-balance';

/**
 * Records a payment (spec 3 section 5): at most the outstanding amount, on an invoice that may
 * take one. It awaits validation; paid in full, so does the invoice. Concurrent payments queue on
 * the invoice's row lock, so the second sees the first and cannot overpay.
 */
export async function processPayment(
  { db, events }: InvoiceDeps,
  actor: AuthUser,
  id: string,
  body: ProcessPaymentBody,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  const today = businessDay(now);
  const invoice = await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.isVoided) throw conflict(invoiceRuleMessages.voidNoPayment);
    const state = { ...current, paymentStatus: invoiceStatusOn(current, today) };
    if (!canProcessPayment(state)) throw conflict(invoiceRuleMessages.notPayable);
    const outstanding = balanceOf(current, await findPaymentEntries(tx, id)).outstandingSen;
    if (toSen(body.amount) > outstanding) {
      const message = amountAboveOutstanding(fromSen(outstanding));
      throw invalid(message, { amount: message });
    }
    const entry = await insertPaymentEntry(tx, {
      invoiceId: id,
      amount: moneyColumn(body.amount),
      paymentMethod: body.paymentMethod,
      paymentDate: dayStart(body.paymentDate),
      referenceNumber: body.referenceNumber,
      status: 'pending_validation',
      notes: body.notes,
      recordedBy: actor.id,
    });
    const updated = await writeBalance(tx, current, 'recorded');
    await auditPayments(tx, actor, 'payment.recorded', [], [entry]);
    await auditInvoice(tx, actor, 'invoice.payment_processed', current, updated);
    return present(tx, updated, today);
  });
  events.publish('paymentProcessed', { ...invoiceEvent(invoice), amount: body.amount });
  events.publish('billingUpdated', { entity: 'invoice', action: 'updated', id });
  return { success: true, message: invoiceRuleMessages.paymentProcessed, invoice };
}
