import { invoiceBalance, paymentStatusOfBalance, senToDecimalString, toSen } from '@patrol/domain';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../apps/api/src/db/client';
import { dayStart } from '../../apps/api/src/db/column-values';
import { invoiceNotes, invoices, paymentEntries } from '../../apps/api/src/db/schema';
import { untaxedNoteLine } from '../../apps/api/src/modules/credit-notes/issued-note';
import { nextDocumentNumber } from '../../apps/api/src/modules/settings/numbering.service';
import type { InvoiceStory, SeededInvoice } from './demo-payments';

/** Which stories get a note: a credit on a fully validated invoice (a refund due), a debit on a partial one. */
const notePlans: Partial<Record<InvoiceStory, { kind: 'credit' | 'debit'; reason: string }>> = {
  validated: { kind: 'credit', reason: 'Service credit for a missed patrol round' },
  partial: { kind: 'debit', reason: 'Additional guard hours on public holiday' },
};

/**
 * A credit or debit note of a tenth of the invoice (exempt, one line), as the API would issue it:
 * numbered, stored, and the invoice's credited or debited amount and balance rewritten.
 */
export async function seedInvoiceNote(
  tx: DbExecutor,
  invoice: SeededInvoice,
  story: InvoiceStory,
  issueDay: string,
  now: Date,
): Promise<number> {
  const plan = notePlans[story];
  if (!plan) return 0;
  const sen = Math.max(1, Math.round(invoice.totalSen / 10));
  const credited = plan.kind === 'credit' ? sen : 0;
  const debited = plan.kind === 'debit' ? sen : 0;
  const entries = await tx
    .select({ amount: paymentEntries.amount, status: paymentEntries.status })
    .from(paymentEntries)
    .where(eq(paymentEntries.invoiceId, invoice.id));
  const balance = invoiceBalance(
    invoice.totalSen,
    entries.map((entry) => ({ amountSen: toSen(entry.amount), status: entry.status })),
    debited - credited,
  );
  const { number } = await nextDocumentNumber(
    tx,
    plan.kind === 'credit' ? 'creditNote' : 'debitNote',
    now,
  );
  const amount = senToDecimalString(sen);
  await tx.insert(invoiceNotes).values({
    kind: plan.kind,
    noteNumber: number,
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    clientId: invoice.clientId,
    clientInfo: invoice.clientInfo,
    issueDate: dayStart(issueDay),
    reason: plan.reason,
    lineItems: [untaxedNoteLine(plan.reason, sen)],
    subtotal: amount,
    taxAmount: '0.00',
    totalAmount: amount,
    invoiceOwedAfter: senToDecimalString(balance.owedSen),
    refundDue: senToDecimalString(balance.refundDueSen),
    createdAt: dayStart(issueDay),
  });
  await tx
    .update(invoices)
    .set({
      creditedAmount: senToDecimalString(credited),
      debitedAmount: senToDecimalString(debited),
      paymentStatus: paymentStatusOfBalance(balance),
    })
    .where(eq(invoices.id, invoice.id));
  return 1;
}

/**
 * A refund note paying back half of what a credit note left to refund (so some stays due for the
 * console's Issue refund note), as the API would issue it: RN- numbered, the invoice's refunded
 * amount written. Returns 1 when the invoice had a refund due, else 0.
 */
export async function seedRefundNote(
  tx: DbExecutor,
  invoice: SeededInvoice,
  refundDay: string,
  now: Date,
): Promise<number> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id));
  const entries = await tx
    .select({ amount: paymentEntries.amount, status: paymentEntries.status })
    .from(paymentEntries)
    .where(eq(paymentEntries.invoiceId, invoice.id));
  const payments = entries.map((entry) => ({
    amountSen: toSen(entry.amount),
    status: entry.status,
  }));
  const adjustmentSen = toSen(row!.debitedAmount) - toSen(row!.creditedAmount);
  const before = invoiceBalance(
    invoice.totalSen,
    payments,
    adjustmentSen,
    toSen(row!.refundedAmount),
  );
  const sen = Math.floor(before.refundDueSen / 2);
  if (sen <= 0) return 0;
  const refundedSen = toSen(row!.refundedAmount) + sen;
  const after = invoiceBalance(invoice.totalSen, payments, adjustmentSen, refundedSen);
  const { number } = await nextDocumentNumber(tx, 'refundNote', now);
  const reason = 'Service credit paid back to the client';
  const amount = senToDecimalString(sen);
  await tx.insert(invoiceNotes).values({
    kind: 'refund',
    noteNumber: number,
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    clientId: invoice.clientId,
    clientInfo: invoice.clientInfo,
    issueDate: dayStart(refundDay),
    reason,
    lineItems: [untaxedNoteLine(reason, sen)],
    subtotal: amount,
    taxAmount: '0.00',
    totalAmount: amount,
    invoiceOwedAfter: senToDecimalString(after.owedSen),
    refundDue: senToDecimalString(after.refundDueSen),
    refundMethod: 'bank_transfer',
    refundDate: dayStart(refundDay),
    refundReference: `RF-${number.slice(-4)}`,
    createdAt: dayStart(refundDay),
  });
  await tx
    .update(invoices)
    .set({
      refundedAmount: senToDecimalString(refundedSen),
      paymentStatus: paymentStatusOfBalance(after),
    })
    .where(eq(invoices.id, invoice.id));
  return 1;
}
