import type { Receipt, ReceiptSummary } from '@patrol/contracts';
import { formatMoney } from '@patrol/domain';
import { formatBusinessDate, formatBusinessDateTime } from '@/lib/company-time';
import { humanise, paymentMethodLabel } from '@/features/billing/lib/billing-labels';
import {
  DetailList,
  DetailsDialog,
  DetailsLoadingState,
  DocumentClient,
  type DetailsLoading,
} from './detail-list';

/** Receipt details: payment, client, allocations, lines, bank transfer, notes and audit trail. */
export function ReceiptDetailsDialog({
  receipt,
  loading,
  onOpenChange,
}: {
  receipt: Receipt | null;
  /** Opens the dialog before `receipt` has loaded (a status, or the failure with Try Again). */
  loading?: (DetailsLoading & { summary: Pick<ReceiptSummary, 'receiptNumber'> }) | null;
  onOpenChange: (open: boolean) => void;
}) {
  const heading = receipt ?? loading?.summary;
  return (
    <DetailsDialog
      open={heading !== undefined}
      onOpenChange={onOpenChange}
      title="Receipt Details"
      description={heading?.receiptNumber}
      wide
    >
      {!receipt && loading && <DetailsLoadingState what="receipt" loading={loading} />}
      {receipt && (
        <>
          <DetailList
            items={[
              ['Payment date', formatBusinessDate(receipt.paymentDate)],
              [
                'Amount',
                <span className="font-semibold">
                  {formatMoney(receipt.totalAmount, receipt.currency)}
                </span>,
              ],
              ['Method', paymentMethodLabel(receipt.paymentMethod)],
              ['Type', humanise(receipt.transactionType)],
              ['Reference', receipt.referenceNumber || '—'],
              ['Verification code', <span className="font-mono">{receipt.verificationCode}</span>],
              ['Invoices', receipt.invoiceNumbers.join(', ')],
              ['Client', <DocumentClient client={receipt.clientInfo} />],
            ]}
          />
          <section aria-label="Payment allocations" className="grid gap-2">
            <h3 className="font-semibold">Payment allocations</h3>
            <ul className="divide-y rounded-md border">
              {receipt.paymentAllocations.map((allocation) => (
                <li key={allocation.invoiceNumber} className="grid gap-1 p-3 sm:grid-cols-4">
                  <span className="font-mono text-xs">{allocation.invoiceNumber}</span>
                  <span>Allocated {formatMoney(allocation.allocatedAmount)}</span>
                  <span className="text-muted-foreground">
                    Before {formatMoney(allocation.outstandingBefore)}
                  </span>
                  <span className="text-muted-foreground">
                    After {formatMoney(allocation.outstandingAfter)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          {receipt.lineItems.length > 0 && (
            <section aria-label="Line items" className="grid gap-2">
              <h3 className="font-semibold">Line items</h3>
              <ul className="divide-y rounded-md border">
                {receipt.lineItems.map((item, index) => (
                  <li key={index} className="flex justify-between gap-4 p-3">
                    <span>
                      {item.description}
                      {item.category && (
                        <span className="text-muted-foreground"> · {humanise(item.category)}</span>
                      )}
                      <span className="block text-muted-foreground tabular-nums">
                        {item.quantity} x {formatMoney(item.unitPrice)}
                      </span>
                    </span>
                    <span className="tabular-nums">{formatMoney(item.amount)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {receipt.bankDetails && (
            <DetailList
              items={[
                ['Bank', receipt.bankDetails.bankName || '—'],
                ['Account', receipt.bankDetails.accountNumber || '—'],
                ['Transaction', receipt.bankDetails.transactionId || '—'],
              ]}
            />
          )}
          {receipt.notes && <p>{receipt.notes}</p>}
          <section aria-label="Audit trail" className="grid gap-2">
            <h3 className="font-semibold">Audit trail</h3>
            <ul className="grid gap-1 text-muted-foreground">
              {receipt.auditLog.map((entry, index) => (
                <li key={index}>
                  {humanise(entry.action)} by {entry.by} on {formatBusinessDateTime(entry.at)}
                  {entry.metadata.paymentMethods &&
                    ` (${entry.metadata.paymentMethods.map(paymentMethodLabel).join(', ')})`}
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </DetailsDialog>
  );
}
