import type { Quotation } from '@patrol/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { quotationQuery, useQuotation } from '@/features/billing/api/quotations';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { ConvertQuotationDialog } from './convert-quotation-dialog';
import { QuotationConfirmDialogs } from './quotation-confirm-dialogs';
import { QuotationDetailsDialog } from './quotation-details-dialog';
import { QuotationFormDialog } from './quotation-form-dialog';
import type { QuotationRowDialog } from './quotation-row-actions';
import type { QuotationActions } from './use-quotation-actions';

/**
 * A dialog of the Quotations tab: Create, a row's, or the form on the quotation read whole (a row's
 * Edit becomes 'editing' once it is read).
 */
export type QuotationDialog =
  { kind: 'create' } | QuotationRowDialog | { kind: 'editing'; quotation: Quotation };

/**
 * Opens a row's dialog. The list rows have no lines, so Edit first reads the quotation whole,
 * once: a refresh behind the form never replaces what is typed. A failed read says why.
 */
export function useOpenQuotationDialog(setDialog: (dialog: QuotationDialog) => void) {
  const queryClient = useQueryClient();
  return async (next: QuotationRowDialog) => {
    if (next.kind !== 'edit') return setDialog(next);
    try {
      const { quotation } = await queryClient.fetchQuery(quotationQuery(next.quotation.id));
      setDialog({ kind: 'editing', quotation });
    } catch (error) {
      toast.error(billingActionFailure('loading quotation', error));
    }
  };
}

type QuotationDialogsProps = {
  dialog: QuotationDialog | null;
  actions: QuotationActions;
  onClose: () => void;
};

/** The Quotations tab's dialogs: the form, the details (read whole), confirmations, conversion. */
export function QuotationDialogs({ dialog, actions, onClose }: QuotationDialogsProps) {
  const viewed = useQuotation(dialog?.kind === 'view' ? dialog.quotation.id : null);
  const close = (open: boolean) => !open && onClose();
  return (
    <>
      <QuotationFormDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'editing'}
        quotation={dialog?.kind === 'editing' ? dialog.quotation : null}
        onOpenChange={close}
      />
      <QuotationDetailsDialog
        quotation={dialog?.kind === 'view' && viewed.data ? viewed.data.quotation : null}
        loading={
          dialog?.kind === 'view'
            ? {
                summary: dialog.quotation,
                error: viewed.error,
                onRetry: () => void viewed.refetch(),
              }
            : null
        }
        onOpenChange={close}
      />
      <QuotationConfirmDialogs
        dialog={dialog?.kind === 'create' || dialog?.kind === 'editing' ? null : dialog}
        actions={actions}
        onClose={onClose}
      />
      <ConvertQuotationDialog
        quotation={dialog?.kind === 'convert' ? dialog.quotation : null}
        onOpenChange={close}
        pending={dialog?.kind === 'convert' && actions.isRunning(`convert:${dialog.quotation.id}`)}
        onSubmit={actions.convert}
      />
    </>
  );
}
