import type { Invoice } from '@patrol/contracts';
import {
  formatBusinessDate,
  formatMoney,
  ordinal,
  parsePaymentCorrections,
  taxGroupLabel,
  totalsFiguresOf,
} from '@patrol/domain';
import { AlertTriangleIcon } from 'lucide-react';
import { StatusBadge } from '@/components/status-badge';
import {
  humanise,
  paymentStatusTones,
  validationStatusLabels,
  validationStatusTones,
} from '@/features/billing/lib/billing-labels';
import { DetailList, DetailsDialog, DocumentClient } from './detail-list';
import { DocumentTotals } from './document-totals';
import { PaymentEntriesList, type ReviewEntry } from './payment-entries-list';

/** Invoice Details, with each 'PAYMENT CORRECTION REQUIRED' block of the notes as a card. */
export function InvoiceDetailsDialog({
  invoice,
  onOpenChange,
  onReviewEntry,
}: {
  invoice: Invoice | null;
  onOpenChange: (open: boolean) => void;
  /** Opens Validate or Reject of one pending payment. */
  onReviewEntry?: ReviewEntry;
}) {
  const notes = parsePaymentCorrections(invoice?.notes);
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
          {notes.corrections.map((correction) => (
            <section
              key={correction.rejectionNumber}
              aria-label={`Payment correction ${correction.rejectionNumber}`}
              className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
            >
              <h3 className="flex items-center gap-2 font-semibold">
                <AlertTriangleIcon aria-hidden="true" className="size-4" />
                Payment correction required ({ordinal(correction.rejectionNumber)} rejection)
              </h3>
              <p className="mt-1">
                Rejected by {correction.rejectedBy} on {correction.date}
              </p>
              <p className="mt-1">
                <span className="font-medium">Reason:</span> {correction.reason}
              </p>
              {correction.remarks && (
                <p className="mt-1">
                  <span className="font-medium">Remarks:</span> {correction.remarks}
                </p>
              )}
              <p className="mt-1 font-medium">{correction.actionRequired}</p>
            </section>
          ))}
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
              ['Notes', notes.otherNotes || '—'],
            ]}
          />
          <ul className="divide-y rounded-md border text-sm">
            {invoice.lineItems.map((item, index) => (
              <li key={index} className="flex items-start justify-between gap-4 p-3">
                <div className="min-w-0">
                  <div className="font-medium">{item.description}</div>
                  <div className="text-muted-foreground tabular-nums">
                    {item.quantity} x {formatMoney(item.unitPrice)} · {taxGroupLabel(item)}{' '}
                    {formatMoney(item.taxAmount)}
                  </div>
                </div>
                <div className="font-medium tabular-nums">{formatMoney(item.lineTotal)}</div>
              </li>
            ))}
          </ul>
          <DocumentTotals figures={totalsFiguresOf(invoice)} />
          <PaymentEntriesList invoice={invoice} onReview={onReviewEntry} />
        </>
      )}
    </DetailsDialog>
  );
}
