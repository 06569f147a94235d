import type { Invoice, AdjustmentNoteKind } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { useInvoice } from '@/features/billing/api/invoices';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { useAuth } from '@/lib/auth';
import { EinvoiceStatus } from './einvoice-status';
import { InvoiceDetailsDialog } from './invoice-details-dialog';
import { InvoiceNoteDialog } from './invoice-note-dialog';
import type { InvoiceDialog } from './invoice-row-actions';
import { PaymentReviewDialog, type PaymentReviewTarget } from './payment-review-dialog';
import { ProcessPaymentDialog } from './process-payment-dialog';
import type { InvoiceActions } from './use-invoice-actions';

type InvoiceDialogsProps = {
  dialog: InvoiceDialog | null;
  actions: InvoiceActions;
  onClose: () => void;
};

/** The Invoices tab's dialogs: details (and over them a payment's review or a note), pay, review, revert. */
export function InvoiceDialogs({ dialog, actions, onClose }: InvoiceDialogsProps) {
  const { user } = useAuth();
  // The details and the review of every pending payment read the invoice whole (the list row
  // has no lines or payments); it is read again after every billing change, so they follow it.
  const reviewing = dialog?.kind === 'validate' || dialog?.kind === 'reject';
  const whole = useInvoice(dialog?.kind === 'view' || reviewing ? dialog.invoice.id : null);
  const wholeInvoice =
    dialog && whole.data?.invoice.id === dialog.invoice.id ? whole.data.invoice : null;
  useEffect(() => {
    if (!reviewing || !whole.error) return;
    toast.error(billingActionFailure('loading invoice', whole.error));
    onClose();
  }, [reviewing, whole.error, onClose]);
  // One payment's review, opened over the invoice's details.
  const [entryReview, setEntryReview] = useState<PaymentReviewTarget | null>(null);
  // A credit or debit note, opened over the invoice's details.
  const [noteTarget, setNoteTarget] = useState<{
    kind: AdjustmentNoteKind;
    invoice: Invoice;
  } | null>(null);
  const close = (open: boolean) => !open && onClose();
  const mayIssueNote = canPerform(user, 'issueCreditNote') || canPerform(user, 'issueDebitNote');
  return (
    <>
      <InvoiceDetailsDialog
        invoice={dialog?.kind === 'view' ? wholeInvoice : null}
        loading={
          dialog?.kind === 'view'
            ? { summary: dialog.invoice, error: whole.error, onRetry: () => void whole.refetch() }
            : null
        }
        onOpenChange={close}
        onReviewEntry={(invoice, entry, kind) => setEntryReview({ kind, invoice, entry })}
        einvoice={(invoice) => <EinvoiceStatus documentId={invoice.id} />}
        onIssueNote={mayIssueNote ? (invoice, kind) => setNoteTarget({ kind, invoice }) : undefined}
      />
      <InvoiceNoteDialog
        kind={noteTarget?.kind ?? 'credit'}
        invoice={noteTarget?.invoice ?? null}
        onOpenChange={(open) => !open && setNoteTarget(null)}
      />
      <ProcessPaymentDialog
        invoice={dialog?.kind === 'pay' ? dialog.invoice : null}
        onOpenChange={close}
        pending={actions.paying}
        onSubmit={actions.pay}
      />
      <PaymentReviewDialog
        review={
          (dialog?.kind === 'validate' || dialog?.kind === 'reject') && wholeInvoice
            ? { kind: dialog.kind, invoice: wholeInvoice }
            : null
        }
        onOpenChange={close}
        pending={actions.reviewing}
        onSubmit={actions.review}
      />
      <PaymentReviewDialog
        review={entryReview}
        onOpenChange={(open) => !open && setEntryReview(null)}
        pending={actions.reviewing}
        onSubmit={actions.review}
      />
      <ConfirmDialog
        open={dialog?.kind === 'revert'}
        onOpenChange={close}
        title="Revert invoice to quotation?"
        description={
          dialog?.kind === 'revert' &&
          `Invoice ${dialog.invoice.invoiceNumber} will be voided and its quotation returned to accepted, ready to be changed and converted again.`
        }
        confirmLabel="Revert to Quotation"
        destructive
        onConfirm={() => {
          if (dialog?.kind !== 'revert') return;
          onClose();
          void actions.revert(dialog.invoice);
        }}
      />
    </>
  );
}
