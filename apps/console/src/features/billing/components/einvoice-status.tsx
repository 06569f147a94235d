import { einvoiceStatusLabels, type EinvoiceStatus } from '@patrol/contracts';
import { StatusBadge, type StatusTones } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { useEinvoice, useRetryEinvoice } from '@/features/billing/api/einvoices';

const tones: StatusTones<EinvoiceStatus | 'not_submitted'> = {
  not_submitted: 'secondary',
  queued: 'warning',
  submitting: 'warning',
  submitted: 'warning',
  valid: 'success',
  invalid: 'danger',
  cancelled: 'inactive',
};

/**
 * The e-invoice status of an invoice or note: Not submitted, Queued, Submitted, Valid (with the
 * validation link), Invalid (with every error and Retry), Cancelled.
 */
export function EinvoiceStatus({
  documentId,
  canRetry,
}: {
  documentId: string;
  canRetry: boolean;
}) {
  const { data, isPending, isError } = useEinvoice(documentId);
  const retry = useRetryEinvoice();
  if (isPending) return <span className="text-muted-foreground">Loading…</span>;
  if (isError) return <span className="text-destructive">E-invoice status unavailable</span>;
  const status = data?.document.status ?? 'not_submitted';
  const document = data?.document;
  return (
    <div className="space-y-1">
      <StatusBadge status={status} tones={tones} label={einvoiceStatusLabels[status]} />
      {document?.stale && (
        <p className="text-xs text-amber-700">No LHDN status for more than 15 minutes</p>
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
      {document?.status === 'invalid' && canRetry && (
        <Button
          size="sm"
          variant="outline"
          disabled={retry.isPending}
          onClick={() => retry.mutate(documentId)}
        >
          Retry
        </Button>
      )}
    </div>
  );
}
