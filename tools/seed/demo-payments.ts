import type {
  PaymentEntryStatus,
  PaymentMethod,
  PaymentValidationStatus,
  ProductCategory,
} from '@patrol/contracts';
import {
  addDays,
  appendPaymentCorrection,
  invoiceBalance,
  paymentStatusOfBalance,
  receiptTransactionType,
  senToDecimalString,
} from '@patrol/domain';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../apps/api/src/db/client';
import { dayStart } from '../../apps/api/src/db/column-values';
import {
  invoices,
  paymentEntries,
  paymentRejections,
  receiptAllocations,
  receipts,
  type DocumentClientInfo,
} from '../../apps/api/src/db/schema';
import { verificationCode } from '../../apps/api/src/modules/receipts/receipts.service';
import { nextDocumentNumber } from '../../apps/api/src/modules/settings/numbering.service';

/** How far each converted quotation's invoice got, in turn. */
export const invoiceStories = [
  'unpaid',
  'partial',
  'awaiting',
  'validated',
  'instalments',
  'rejected',
] as const;
export type InvoiceStory = (typeof invoiceStories)[number];

const rejectionReason = 'Transfer not found in the bank statement';

/** The payments of a story: parts of the total (in sen) and what became of each. */
function paymentPlan(
  story: InvoiceStory,
  totalSen: number,
): { sen: number; status: PaymentEntryStatus }[] {
  const half = Math.round(totalSen / 2);
  switch (story) {
    case 'unpaid':
      return [];
    case 'partial':
      return [{ sen: half, status: 'validated' }];
    case 'awaiting':
      return [
        { sen: half, status: 'validated' },
        { sen: totalSen - half, status: 'pending_validation' },
      ];
    case 'validated':
      return [{ sen: totalSen, status: 'validated' }];
    case 'instalments':
      return [
        { sen: half, status: 'validated' },
        { sen: totalSen - half, status: 'validated' },
      ];
    case 'rejected':
      return [{ sen: totalSen, status: 'rejected' }];
  }
}

/** The invoice and what its receipts copy. */
export interface SeededInvoice {
  id: string;
  invoiceNumber: string;
  clientId: string;
  clientInfo: DocumentClientInfo;
  issueDay: string;
  totalSen: number;
  lineItems: {
    description: string;
    category: ProductCategory;
    quantity: number;
    unitPrice: number;
    amount: number;
  }[];
}

/**
 * An invoice's payments as the API would have left them: entries appended (rejected ones kept),
 * a receipt per validated payment with the outstanding amount before and after it, and the
 * invoice's paid, validated and status columns from the domain's balance. Answers the receipts.
 */
export async function seedInvoicePayments(
  tx: DbExecutor,
  invoice: SeededInvoice,
  story: InvoiceStory,
  method: PaymentMethod,
  today: string,
  now: Date,
): Promise<number> {
  const notAfterToday = (day: string) => (day > today ? today : day);
  const plan = paymentPlan(story, invoice.totalSen);
  let validatedSen = 0;
  let receiptCount = 0;
  for (const [index, payment] of plan.entries()) {
    const paymentDay = notAfterToday(addDays(invoice.issueDay, 7 + index * 10));
    const reviewedAt = dayStart(notAfterToday(addDays(paymentDay, 2)));
    const reference = `REF-${invoice.invoiceNumber.slice(-6)}-${index + 1}`;
    let receiptId: string | null = null;
    if (payment.status === 'validated') {
      const before = invoice.totalSen - validatedSen;
      const after = before - payment.sen;
      receiptId = await seedReceipt(tx, invoice, {
        sen: payment.sen,
        method,
        paymentDay,
        reference,
        before,
        after,
        createdAt: reviewedAt,
        now,
      });
      validatedSen += payment.sen;
      receiptCount += 1;
    }
    await tx.insert(paymentEntries).values({
      invoiceId: invoice.id,
      amount: senToDecimalString(payment.sen),
      paymentMethod: method,
      paymentDate: dayStart(paymentDay),
      referenceNumber: reference,
      status: payment.status,
      receiptId,
      createdAt: dayStart(paymentDay),
      validatedAt: payment.status === 'validated' ? reviewedAt : null,
      ...(payment.status === 'rejected' && {
        rejectedAt: reviewedAt,
        rejectedBy: 'Accounts Team',
        rejectionReason,
      }),
    });
    if (payment.status === 'rejected') {
      await tx.insert(paymentRejections).values({
        invoiceId: invoice.id,
        rejectionNumber: 1,
        rejectedBy: 'Accounts Team',
        rejectedAt: reviewedAt,
        rejectionReason,
        clearedPaymentCount: 1,
      });
      await tx
        .update(invoices)
        .set({
          paymentRejectionReason: rejectionReason,
          notes: appendPaymentCorrection('', {
            rejectionNumber: 1,
            rejectedBy: 'Accounts Team',
            rejectedAt: reviewedAt,
            reason: rejectionReason,
          }),
        })
        .where(eq(invoices.id, invoice.id));
    }
  }
  const balance = invoiceBalance(
    invoice.totalSen,
    plan.map((payment) => ({ amountSen: payment.sen, status: payment.status })),
  );
  const validation: PaymentValidationStatus = plan.some((p) => p.status === 'pending_validation')
    ? 'pending_validation'
    : story === 'rejected'
      ? 'validation_rejected'
      : balance.validatedSen > 0
        ? 'validated'
        : 'none';
  await tx
    .update(invoices)
    .set({
      paidAmount: senToDecimalString(balance.recordedSen),
      validatedAmount: senToDecimalString(balance.validatedSen),
      paymentStatus: paymentStatusOfBalance(balance),
      paymentValidationStatus: validation,
      validatedAt: validation === 'validated' ? dayStart(today) : null,
    })
    .where(eq(invoices.id, invoice.id));
  return receiptCount;
}

async function seedReceipt(
  tx: DbExecutor,
  invoice: SeededInvoice,
  payment: {
    sen: number;
    method: PaymentMethod;
    paymentDay: string;
    reference: string;
    before: number;
    after: number;
    createdAt: Date;
    now: Date;
  },
): Promise<string> {
  const { number: receiptNumber } = await nextDocumentNumber(tx, 'receipt', payment.now);
  const [receipt] = await tx
    .insert(receipts)
    .values({
      receiptNumber,
      invoiceNumbers: [invoice.invoiceNumber],
      paymentDate: dayStart(payment.paymentDay),
      clientId: invoice.clientId,
      clientInfo: invoice.clientInfo,
      totalAmount: senToDecimalString(payment.sen),
      paymentMethod: payment.method,
      transactionType: receiptTransactionType({
        paymentDay: payment.paymentDay,
        issueDay: invoice.issueDay,
        outstandingAfterSen: payment.after,
      }),
      referenceNumber: payment.reference,
      verificationCode: verificationCode(),
      lineItems: invoice.lineItems,
      auditLog: [
        {
          action: 'created',
          at: payment.createdAt.toISOString(),
          by: 'Accounts Team',
          metadata: { paymentMethods: [payment.method] },
        },
      ],
      createdAt: payment.createdAt,
    })
    .returning();
  await tx.insert(receiptAllocations).values({
    receiptId: receipt!.id,
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    allocatedAmount: senToDecimalString(payment.sen),
    outstandingBefore: senToDecimalString(payment.before),
    outstandingAfter: senToDecimalString(payment.after),
  });
  return receipt!.id;
}
