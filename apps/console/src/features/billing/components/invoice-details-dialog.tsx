import type { Invoice } from '@patrol/contracts';
import { formatBusinessDate, formatBusinessDateTime, formatMoney } from '@patrol/domain';
import { StatusBadge } from '@/components/status-badge';
import {
  humanise,
  paymentMethodLabel,
  paymentStatusTones,
  validationStatusLabels,
  validationStatusTones,
} from '@/features/billing/lib/billing-labels';
import { DetailList, DetailsDialog, DocumentClient } from './detail-list';
import { PaymentCorrectionCards } from './payment-correction-cards';
import { DocumentTotals } from './quotation-details-dialog';

/** Invoice Details, with each rejection of its payments as a correction card. */
export function InvoiceDetailsDialog({
  invoice,
  onOpenChange,
}: {
  invoice: Invoice | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DetailsDialog
      open={invoice !== null}
      onOpenChange={onOpenChange}
      title="Invoice Details"
      description={
        <>
          {invoice?.invoiceNumber}
          {invoice?.isVoided && ' (voided: reverted to its quotation)'}
        </>
      }
      wide
    >
      {invoice && (
        <>
          <PaymentCorrectionCards rejections={invoice.rejectionHistory} />
          <DetailList
            items={[
              ['Client', <DocumentClient client={invoice.clientInfo} />],
              ['Issued', formatBusinessDate(invoice.issueDate)],
              ['Due', formatBusinessDate(invoice.dueDate)],
              ['Payment terms', humanise(invoice.paymentTerms)],
              [
                'Payment',
                <StatusBadge
                  status={invoice.paymentStatus}
                  tones={paymentStatusTones}
                  label={humanise(invoice.paymentStatus)}
                />,
              ],
              [
                'Validation',
                <StatusBadge
                  status={invoice.paymentValidationStatus}
                  tones={validationStatusTones}
                  label={validationStatusLabels[invoice.paymentValidationStatus]}
                />,
              ],
              ...(invoice.paymentValidationNotes
                ? [['Validation remarks', invoice.paymentValidationNotes] as const]
                : []),
              ['Notes', invoice.notes || '—'],
            ]}
          />
          <ul className="divide-y rounded-md border text-sm">
            {invoice.lineItems.map((item, index) => (
              <li key={index} className="flex items-start justify-between gap-4 p-3">
                <div className="min-w-0">
                  <div className="font-medium">{item.description}</div>
                  <div className="text-muted-foreground tabular-nums">
                    {item.quantity} x {formatMoney(item.unitPrice)} · SST{' '}
                    {formatMoney(item.taxAmount)}
                  </div>
                </div>
                <div className="font-medium tabular-nums">{formatMoney(item.lineTotal)}</div>
              </li>
            ))}
          </ul>
          <DocumentTotals
            rows={[
              ['Subtotal', invoice.subtotal],
              ['Discounts', invoice.discountAmount],
              ['SST', invoice.taxAmount],
            ]}
            total={invoice.totalAmount}
          />
          <section aria-label="Payments" className="grid gap-2 text-sm">
            <h3 className="font-semibold">
              Payments: {formatMoney(invoice.paidAmount)} paid,{' '}
              {formatMoney(invoice.outstandingAmount)} outstanding
            </h3>
            {invoice.paymentEntries.length === 0 ? (
              <p className="text-muted-foreground">No payments recorded.</p>
            ) : (
              <ul className="divide-y rounded-md border">
                {invoice.paymentEntries.map((entry) => (
                  <li key={entry.id} className="flex justify-between gap-4 p-3">
                    <div>
                      <div className="font-medium">
                        {paymentMethodLabel(entry.paymentMethod)} · {entry.referenceNumber}
                      </div>
                      <div className="text-muted-foreground">
                        Paid {formatBusinessDate(entry.paymentDate)}, recorded{' '}
                        {formatBusinessDateTime(entry.recordedAt)} ·{' '}
                        {entry.status === 'validated' ? 'Validated' : 'Pending validation'}
                      </div>
                    </div>
                    <div className="font-medium tabular-nums">{formatMoney(entry.amount)}</div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </DetailsDialog>
  );
}
