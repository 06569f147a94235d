import { ConfirmDialog } from '@/components/ui/alert-dialog';
import type { QuotationRowDialog } from './quotation-row-actions';
import type { QuotationActions } from './use-quotation-actions';

type QuotationConfirmDialogsProps = {
  dialog: QuotationRowDialog | null;
  actions: QuotationActions;
  onClose: () => void;
};

/** The confirmations before a quotation is deleted, closed for good or marked accepted. */
export function QuotationConfirmDialogs({
  dialog,
  actions,
  onClose,
}: QuotationConfirmDialogsProps) {
  const close = (open: boolean) => !open && onClose();
  const number = dialog?.quotation.quotationNumber;
  return (
    <>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={close}
        title="Delete quotation?"
        description={
          dialog?.kind === 'delete' &&
          `Are you sure you want to delete quotation ${number}? This action cannot be undone.`
        }
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          onClose();
          void actions.remove(dialog.quotation);
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'close'}
        onOpenChange={close}
        title="Close quotation permanently?"
        description={
          dialog?.kind === 'close' &&
          `Quotation ${number} will be closed for good: a closed quotation cannot be reopened, edited or deleted.`
        }
        confirmLabel="Close Quotation"
        destructive
        onConfirm={() => {
          if (dialog?.kind !== 'close') return;
          onClose();
          void actions.workflow(dialog.quotation, {
            action: 'close',
            label: 'Close Quotation',
            targetStatus: 'closed',
          });
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'accept'}
        onOpenChange={close}
        title="Mark quotation accepted?"
        description={
          dialog?.kind === 'accept' &&
          `Quotation ${number} for ${dialog.quotation.clientInfo.companyName} will be marked accepted and can then be converted to an invoice.`
        }
        confirmLabel="Mark Accepted"
        onConfirm={() => {
          if (dialog?.kind !== 'accept') return;
          onClose();
          void actions.workflow(dialog.quotation, {
            action: 'accept',
            label: 'Mark Accepted',
            targetStatus: 'accepted',
          });
        }}
      />
    </>
  );
}
