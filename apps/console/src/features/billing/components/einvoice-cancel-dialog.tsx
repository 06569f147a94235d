import { zodResolver } from '@hookform/resolvers/zod';
import { cancelEinvoiceBodySchema, type CancelEinvoiceBody } from '@patrol/contracts';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useCancelEinvoice } from '@/features/billing/api/einvoices';
import { formatBusinessDateTime } from '@/lib/company-time';

/**
 * Cancel e-Invoice: asks MyInvois to cancel a Valid e-invoice, with the reason the SDK requires
 * (up to 300 characters), after the user confirms. Offered only until `cancellableUntil`.
 */
export function EinvoiceCancelDialog({
  open,
  onOpenChange,
  documentId,
  number,
  cancellableUntil,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  documentId: string;
  number: string;
  cancellableUntil: string;
}) {
  const cancel = useCancelEinvoice();
  const id = useId();
  const { register, handleSubmit, reset, formState } = useForm<CancelEinvoiceBody>({
    resolver: zodResolver(cancelEinvoiceBodySchema),
    defaultValues: { reason: '' },
  });
  const error = formState.errors.reason?.message;

  useEffect(() => {
    if (open) {
      reset({ reason: '' });
      cancel.reset();
    }
    // `cancel` changes identity each render; only opening the dialog resets it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);

  const submit = handleSubmit(async ({ reason }) => {
    try {
      await cancel.mutateAsync({ documentId, reason });
      onOpenChange(false);
    } catch {
      // Shown below the reason (cancel.error).
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      width="md"
      title="Cancel e-Invoice"
      description={`MyInvois cancels the e-invoice of ${number} for good; the buyer is told. This is possible until ${formatBusinessDateTime(cancellableUntil)}.`}
      onSubmit={submit}
      submitLabel="Cancel e-Invoice"
      pendingLabel="Cancelling..."
      pending={cancel.isPending}
      submitVariant="destructive"
    >
      <FormField id={`${id}-reason`} label="Reason" error={error}>
        <Textarea
          rows={3}
          placeholder="Wrong buyer details"
          {...fieldErrorProps(`${id}-reason`, error)}
          {...register('reason')}
        />
      </FormField>
      {cancel.error && (
        <p role="alert" className="text-sm text-destructive">
          {cancel.error.message}
        </p>
      )}
    </FormDialog>
  );
}
