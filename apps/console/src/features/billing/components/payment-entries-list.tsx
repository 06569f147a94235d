import { paymentMessages, type Invoice, type PaymentEntry } from '@patrol/contracts';
import { canPerform, formatMoney, mayValidatePayment } from '@patrol/domain';
import { formatBusinessDate, formatBusinessDateTime } from '@/lib/company-time';
import { useQuery } from '@tanstack/react-query';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import {
  paymentEntryStatusLabels,
  paymentEntryStatusTones,
  paymentMethodLabel,
} from '@/features/billing/lib/billing-labels';
import { useAuth } from '@/lib/auth';
import { settingsQueryOptions } from '@/lib/company-settings-query';
import type { PaymentReview } from './payment-review-dialog';

/** Opens the review of one payment entry. */
export type ReviewEntry = (invoice: Invoice, entry: PaymentEntry, kind: PaymentReview) => void;

/** Validate and Reject of one pending payment; Validate says why it is disabled for its recorder. */
function EntryReviewButtons({
  invoice,
  entry,
  onReview,
}: {
  invoice: Invoice;
  entry: PaymentEntry;
  onReview: ReviewEntry;
}) {
  const { user } = useAuth();
  const settings = useQuery(settingsQueryOptions());
  // The validator roles with invoices.edit, as the per-payment routes declare (consoleActions).
  const isValidator =
    canPerform(user, 'validatePaymentEntry') && canPerform(user, 'rejectPaymentEntry');
  if (!user?.id || !isValidator || invoice.isVoided) return null;
  // Until the settings load, the rule is assumed on, as the server's default.
  const requireSeparate = settings.data?.paymentSettings.requireSeparateValidator ?? true;
  const allowed = mayValidatePayment(entry.recordedById, user.id, requireSeparate);
  const label = `${formatMoney(entry.amount)} ${entry.referenceNumber}`;
  return (
    <div className="flex gap-2">
      {/* A disabled button gets no pointer events, so the reason is on a wrapper that keeps hover. */}
      <span title={allowed ? undefined : paymentMessages.secondPerson}>
        <Button
          size="sm"
          variant="outline"
          disabled={!allowed}
          aria-label={`Validate payment ${label}`}
          aria-describedby={allowed ? undefined : `entry-${entry.id}-refusal`}
          onClick={() => onReview(invoice, entry, 'validate')}
        >
          Validate
        </Button>
      </span>
      {!allowed && (
        <span id={`entry-${entry.id}-refusal`} className="sr-only">
          {paymentMessages.secondPerson}
        </span>
      )}
      <Button
        size="sm"
        variant="outline"
        className="text-destructive"
        aria-label={`Reject payment ${label}`}
        onClick={() => onReview(invoice, entry, 'reject')}
      >
        Reject
      </Button>
    </div>
  );
}

/** Every payment of an invoice, rejected ones included, with its status and, if pending, actions. */
export function PaymentEntriesList({
  invoice,
  onReview,
}: {
  invoice: Invoice;
  onReview?: ReviewEntry;
}) {
  return (
    <section aria-label="Payments" className="grid gap-2 text-sm">
      <h3 className="font-semibold">Payments</h3>
      <p className="text-muted-foreground tabular-nums">
        Collected {formatMoney(invoice.validatedAmount)} · Awaiting validation{' '}
        {formatMoney(invoice.awaitingValidationAmount)} · Outstanding{' '}
        {formatMoney(invoice.outstandingAmount)}
      </p>
      {invoice.paymentEntries.length === 0 ? (
        <p className="text-muted-foreground">No payments recorded.</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {invoice.paymentEntries.map((entry) => (
            <li
              key={entry.id}
              aria-label={`Payment ${entry.referenceNumber}, ${paymentEntryStatusLabels[entry.status]}`}
              className="grid gap-2 p-3"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2 font-medium">
                    {paymentMethodLabel(entry.paymentMethod)} · {entry.referenceNumber}
                    <StatusBadge
                      status={entry.status}
                      tones={paymentEntryStatusTones}
                      label={paymentEntryStatusLabels[entry.status]}
                    />
                  </div>
                  <div className="text-muted-foreground">
                    Paid {formatBusinessDate(entry.paymentDate)}, recorded{' '}
                    {formatBusinessDateTime(entry.recordedAt)}
                    {entry.validatedAt &&
                      `, validated ${formatBusinessDateTime(entry.validatedAt)}`}
                  </div>
                  {entry.status === 'rejected' && (
                    <div className="text-red-800">
                      Rejected by {entry.rejectedBy ?? 'Unknown User'}
                      {entry.rejectedAt && ` on ${formatBusinessDateTime(entry.rejectedAt)}`}:{' '}
                      {entry.rejectionReason}
                    </div>
                  )}
                </div>
                <div
                  className={
                    entry.status === 'rejected'
                      ? 'font-medium tabular-nums text-muted-foreground line-through'
                      : 'font-medium tabular-nums'
                  }
                >
                  {formatMoney(entry.amount)}
                </div>
              </div>
              {entry.status === 'pending_validation' && onReview && (
                <EntryReviewButtons invoice={invoice} entry={entry} onReview={onReview} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
