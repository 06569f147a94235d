import type { Receipt } from '@patrol/contracts';
import { amountInWords, formatBusinessDate, formatMoney, humanise } from '@patrol/domain';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import type { GeneratedFile } from '../../http/downloads';
import { clientLines, renderBillingPdf, type BillingPdf } from '../../pdf/billing-pdf';
import { documentCompany, type DocumentCompany } from '../settings/document-company.service';
import { presentReceipt } from './receipts.presenter';
import { findReceiptAllocations, findReceiptById } from './receipts.repo';

export const receiptNotFoundMessage = 'Receipt not found';

/** The methods a receipt covers: 'multiple_methods' is spelled out from its audit trail. */
function methodsOf(receipt: Receipt): string {
  const listed = receipt.auditLog.flatMap((entry) => entry.metadata.paymentMethods ?? []);
  const methods = listed.length > 0 ? [...new Set(listed)] : [receipt.paymentMethod];
  return methods.map(humanise).join(', ');
}

/** A receipt as its PDF prints it: allocations, methods, reference and verification code. */
export function receiptPdf(receipt: Receipt, { company, timeZone }: DocumentCompany): BillingPdf {
  return {
    title: 'RECEIPT',
    number: receipt.receiptNumber,
    company,
    details: [
      ['Payment date', formatBusinessDate(receipt.paymentDate, timeZone)],
      ['Payment method', methodsOf(receipt)],
      ['Reference', receipt.referenceNumber || '-'],
      ['Transaction', humanise(receipt.transactionType)],
      ['Verification code', receipt.verificationCode],
    ],
    client: { heading: 'Received from', lines: clientLines(receipt.clientInfo) },
    columns: [
      { header: 'Invoice', width: 28 },
      { header: 'Outstanding before', width: 24, align: 'right' },
      { header: 'Allocated', width: 24, align: 'right' },
      { header: 'Outstanding after', width: 24, align: 'right' },
    ],
    rows: receipt.paymentAllocations.map((allocation) => [
      allocation.invoiceNumber,
      formatMoney(allocation.outstandingBefore),
      formatMoney(allocation.allocatedAmount),
      formatMoney(allocation.outstandingAfter),
    ]),
    totals: [['Amount received', formatMoney(receipt.totalAmount)]],
    amountInWords: amountInWords(receipt.totalAmount),
    sections: [
      ...(receipt.lineItems.length > 0
        ? [
            {
              title: 'For',
              lines: receipt.lineItems.map(
                (line) => `${line.quantity} x ${line.description}  ${formatMoney(line.amount)}`,
              ),
            },
          ]
        : []),
      ...(receipt.bankDetails?.bankName
        ? [
            {
              title: 'Bank transfer',
              lines: [
                `Bank: ${receipt.bankDetails.bankName}`,
                `Account: ${receipt.bankDetails.accountNumber}`,
                `Transaction: ${receipt.bankDetails.transactionId}`,
              ],
            },
          ]
        : []),
      ...(receipt.notes ? [{ title: 'Notes', lines: [receipt.notes] }] : []),
      {
        title: 'Verification',
        lines: [
          `Verification code ${receipt.verificationCode}: quote it to confirm this receipt against our records.`,
        ],
      },
    ],
  };
}

/** GET /api/business/receipts/{id}/download: 'receipt-{number}.pdf', for the route to stream. */
export async function downloadReceiptPdf(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  id: string,
): Promise<GeneratedFile> {
  // One round trip: the allocations and the company are read beside the receipt, not after it.
  const [row, allocations, company] = await Promise.all([
    findReceiptById(ctx.db, id),
    findReceiptAllocations(ctx.db, [id]),
    documentCompany(ctx),
  ]);
  if (!row) throw notFound(receiptNotFoundMessage);
  const receipt = presentReceipt(row, allocations);
  return {
    fileName: `receipt-${receipt.receiptNumber}.pdf`,
    contentType: 'application/pdf',
    stream: renderBillingPdf(receiptPdf(receipt, company)),
  };
}
