import type { Invoice, AdjustmentNoteKind, InvoiceSummary } from '@patrol/contracts';
import { canPerform, formatMoney, taxGroupLabel, totalsFiguresOf } from '@patrol/domain';
import { formatBusinessDate } from '@/lib/company-time';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import {
  humanise,
  paymentStatusTones,
  validationStatusLabels,
  validationStatusTones,
} from '@/features/billing/lib/billing-labels';
import { useAuth } from '@/lib/auth';
import {
  DetailList,
  DetailsDialog,
  DetailsLoadingState,
  DocumentClient,
  type DetailsLoading,
} from './detail-list';
import { DocumentTotals } from './document-totals';
import { InvoiceLicencesSection } from './invoice-licences-section';
import { InvoiceNotesOfInvoice } from './invoice-notes-of-invoice';
import { InvoiceRemindersSection } from './invoice-reminders-section';
import { LicenceLineNote } from './licence-line-note';
import { PaymentCorrectionCards } from './payment-correction-cards';
import { PaymentEntriesList, type ReviewEntry } from './payment-entries-list';

/** An invoice whose details are asked for and not yet loaded: its number, or why it failed. */
export type InvoiceLoading = DetailsLoading & {
  summary: Pick<InvoiceSummary, 'invoiceNumber' | 'isVoided'>;
};

/** Invoice Details, with each rejection of its payments as a correction card. */
export function InvoiceDetailsDialog({
  invoice,
  loading,
  onOpenChange,
  onReviewEntry,
  onIssueNote,
  einvoice,
}: {
  invoice: Invoice | null;
  /** Opens the dialog before `invoice` has loaded (a status, or the failure with Try Again). */
  loading?: InvoiceLoading | null;
  /** The invoice's e-invoice status (EinvoiceStatus), when e-invoices are shown. */
  einvoice?: (invoice: Invoice) => React.ReactNode;
  onOpenChange: (open: boolean) => void;
  /** Opens Validate or Reject of one pending payment. */
  onReviewEntry?: ReviewEntry;
  /** Opens Credit note or Debit note (given only to users who may issue them). */
  onIssueNote?: (invoice: Invoice, kind: AdjustmentNoteKind) => void;
}) {
  const { user } = useAuth();
  const heading = invoice ?? loading?.summary;
  const noted =
    invoice !== null &&
    (invoice.creditedAmount > 0 || invoice.debitedAmount > 0 || invoice.refundedAmount > 0);
  return (
    <DetailsDialog
      open={heading !== undefined}
      onOpenChange={onOpenChange}
      title="Invoice Details"
      description={
        <>
          {heading?.invoiceNumber}
          {heading?.isVoided && ' (voided: reverted to its quotation)'}
        </>
      }
      wide
    >
      {!invoice && loading && <DetailsLoadingState what="invoice" loading={loading} />}
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
              ...(noted
                ? [
                    ['Credit notes', `-${formatMoney(invoice.creditedAmount)}`] as const,
                    ['Debit notes', `+${formatMoney(invoice.debitedAmount)}`] as const,
                    ['Outstanding', formatMoney(invoice.outstandingAmount)] as const,
                  ]
                : []),
              ...(invoice.refundedAmount > 0
                ? [['Refund notes', formatMoney(invoice.refundedAmount)] as const]
                : []),
              ...(invoice.refundDue > 0
                ? [['Refund due', formatMoney(invoice.refundDue)] as const]
                : []),
              ['Notes', invoice.notes || '—'],
              ...(einvoice ? [['e-Invoice', einvoice(invoice)] as const] : []),
            ]}
          />
          {onIssueNote && !invoice.isVoided && (
            <div className="flex flex-wrap gap-2">
              {canPerform(user, 'issueCreditNote') && (
                <Button variant="outline" size="sm" onClick={() => onIssueNote(invoice, 'credit')}>
                  Credit note
                </Button>
              )}
              {canPerform(user, 'issueDebitNote') && (
                <Button variant="outline" size="sm" onClick={() => onIssueNote(invoice, 'debit')}>
                  Debit note
                </Button>
              )}
            </div>
          )}
          <ul className="divide-y rounded-md border text-sm">
            {invoice.lineItems.map((item, index) => (
              <li key={index} className="flex items-start justify-between gap-4 p-3">
                <div className="min-w-0">
                  <div className="font-medium">{item.description}</div>
                  <LicenceLineNote line={item} />
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
          {noted && <InvoiceNotesOfInvoice invoice={invoice} />}
          <InvoiceRemindersSection invoice={invoice} />
          {invoice.lineItems.some((item) => item.licenceAction) && (
            <InvoiceLicencesSection invoiceId={invoice.id} />
          )}
        </>
      )}
    </DetailsDialog>
  );
}
