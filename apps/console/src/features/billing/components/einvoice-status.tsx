import {
  einvoicePastDeadlineMessage,
  einvoiceStatusLabels,
  type EinvoiceDocument,
  type EinvoiceStatus as Status,
} from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { useState } from 'react';
import { StatusBadge, type StatusTones } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { useEinvoice, useRetryEinvoice } from '@/features/billing/api/einvoices';
import { useAuth } from '@/lib/auth';
import { formatBusinessDateTime } from '@/lib/company-time';
import { EinvoiceCancelDialog } from './einvoice-cancel-dialog';

const tones: StatusTones<Status | 'not_submitted'> = {
  not_submitted: 'secondary',
  queued: 'warning',
  submitting: 'warning',
  submitted: 'warning',
  valid: 'success',
  invalid: 'danger',
  cancelled: 'inactive',
  consolidated: 'secondary',
};

/**
 * The e-invoice status of an invoice or note: Not submitted, Queued, Submitted, Valid (with the
 * validation link, a buyer's rejection request, and Cancel within 72 hours), Invalid (with every
 * error and Retry), Cancelled (with the reason). Retry and Cancel follow `canPerform`.
 */
export function EinvoiceStatus({ documentId }: { documentId: string }) {
  const { user } = useAuth();
  const { data, isPending, isError } = useEinvoice(documentId);
  const retry = useRetryEinvoice();
  if (isPending) return <span className="text-muted-foreground">Loading…</span>;
  if (isError) return <span className="text-destructive">E-invoice status unavailable</span>;
  const document = data?.document;
  const status = document?.status ?? 'not_submitted';
  return (
    <div className="space-y-1">
      <StatusBadge status={status} tones={tones} label={einvoiceStatusLabels[status]} />
      {document?.stale && (
        <p className="text-xs text-amber-700">No LHDN status for more than 15 minutes</p>
      )}
      {document?.pastDeadline && (
        <p className="text-xs text-destructive">{einvoicePastDeadlineMessage}</p>
      )}
      {document?.validationLink && (
        <a
          className="block text-xs text-primary underline"
          href={document.validationLink}
          target="_blank"
          rel="noreferrer"
        >
          Validation link (UUID {document.uuid})
        </a>
      )}
      {document?.status === 'consolidated' && (
        <p className="text-xs text-muted-foreground">
          {document.consolidatedInto
            ? `In ${document.consolidatedInto.number} (${einvoiceStatusLabels[document.consolidatedInto.status]})`
            : "The buyer gave no TIN: submitted in the month's consolidated e-Invoice after the month ends"}
        </p>
      )}
      {document?.rejectionRequestedAt && document.status !== 'cancelled' && (
        <p role="status" className="text-xs text-amber-700">
          The buyer asked to reject this e-invoice on{' '}
          {formatBusinessDateTime(document.rejectionRequestedAt)}
          {document.statusReason ? `: ${document.statusReason}` : ''}
        </p>
      )}
      {document?.status === 'cancelled' && (
        <p className="text-xs text-muted-foreground">
          Cancelled
          {document.cancelledAt ? ` on ${formatBusinessDateTime(document.cancelledAt)}` : ''}
          {document.cancelReason ? `: ${document.cancelReason}` : ''}
        </p>
      )}
      {document?.status === 'invalid' && (
        <ul className="list-disc pl-4 text-xs text-destructive">
          {document.errors.map((error, index) => (
            <li key={index}>
              {error.message}
              {error.target ? ` (${error.target})` : ''}
            </li>
          ))}
        </ul>
      )}
      {document?.status === 'invalid' && canPerform(user, 'retryEinvoice') && (
        <Button
          size="sm"
          variant="outline"
          disabled={retry.isPending}
          onClick={() => retry.mutate(documentId)}
        >
          Retry
        </Button>
      )}
      {document?.status === 'valid' && (
        <CancelAction document={document} allowed={canPerform(user, 'cancelEinvoice')} />
      )}
    </div>
  );
}

/** Cancel within the 72 hours after validation; after them, a credit note corrects it. */
function CancelAction({ document, allowed }: { document: EinvoiceDocument; allowed: boolean }) {
  const [open, setOpen] = useState(false);
  const until = document.cancellableUntil;
  if (!until || Date.parse(until) <= Date.now()) {
    return (
      <p className="text-xs text-muted-foreground">
        The 72 hours to cancel have passed: issue a credit note to correct it.
      </p>
    );
  }
  if (!allowed) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Cancel e-Invoice
      </Button>
      <EinvoiceCancelDialog
        open={open}
        onOpenChange={setOpen}
        documentId={document.documentId}
        number={document.number}
        cancellableUntil={until}
      />
    </>
  );
}
