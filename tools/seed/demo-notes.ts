import {
  fromSen,
  invoiceBalance,
  paymentStatusOfBalance,
  senToDecimalString,
  toSen,
} from '@patrol/domain';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../apps/api/src/db/client';
import { dayStart } from '../../apps/api/src/db/column-values';
import { invoiceNotes, invoices, paymentEntries } from '../../apps/api/src/db/schema';
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
    lineItems: [
      {
        description: plan.reason,
        quantity: 1,
        unitPrice: fromSen(sen),
        taxType: 'EXEMPT',
        taxRate: 0,
        taxAmount: 0,
        lineTotal: fromSen(sen),
      },
    ],
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
