import { zodResolver } from '@hookform/resolvers/zod';
import {
  rejectPaymentBodySchema,
  validatePaymentBodySchema,
  type Invoice,
  type RejectPaymentBody,
} from '@patrol/contracts';
import { formatMoney } from '@patrol/domain';
import { useEffect, useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { FormDialog } from '@/components/form-dialog';
import { Textarea } from '@/components/ui/textarea';

export type PaymentReview = 'validate' | 'reject';

type ReviewForm = { rejectionReason: string; validationNotes: string };

const resolvers = {
  validate: zodResolver(validatePaymentBodySchema) as unknown as Resolver<ReviewForm>,
  reject: zodResolver(rejectPaymentBodySchema) as unknown as Resolver<ReviewForm>,
};

type PaymentReviewDialogProps = {
  review: { kind: PaymentReview; invoice: Invoice } | null;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** Sends the decision; resolves true when it was accepted (the dialog then closes). */
  onSubmit: (invoice: Invoice, kind: PaymentReview, body: RejectPaymentBody) => Promise<boolean>;
};

/** Validate Payment (remarks optional) and Reject Payment (a reason required). */
export function PaymentReviewDialog({
  review,
  onOpenChange,
  pending,
  onSubmit,
}: PaymentReviewDialogProps) {
  const kind = review?.kind ?? 'validate';
  const { register, handleSubmit, reset, formState } = useForm<ReviewForm>({
    resolver: resolvers[kind],
  });
  const id = useId();
  const errors = formState.errors;

  useEffect(() => {
    if (review) reset({ rejectionReason: '', validationNotes: '' });
  }, [review, reset]);

  const submit = handleSubmit(async (body) => {
    if (review && (await onSubmit(review.invoice, review.kind, body))) onOpenChange(false);
  });

  const invoice = review?.invoice;
  const payments = invoice?.paymentEntries ?? [];
  return (
    <FormDialog
      open={review !== null}
      onOpenChange={onOpenChange}
      title={kind === 'validate' ? 'Validate Payment' : 'Reject Payment'}
      description={
        invoice &&
        (kind === 'validate'
          ? `Confirm that ${formatMoney(invoice.paidAmount)} for ${invoice.invoiceNumber} was received. A receipt is issued.`
          : `The ${payments.length} recorded ${payments.length === 1 ? 'payment' : 'payments'} of ${invoice.invoiceNumber} will be cleared and must be entered again.`)
      }
      onSubmit={submit}
      submitLabel={kind === 'validate' ? 'Validate Payment' : 'Reject Payment'}
      pendingLabel={kind === 'validate' ? 'Validating...' : 'Rejecting...'}
      pending={pending}
      submitVariant={kind === 'reject' ? 'destructive' : undefined}
    >
      {kind === 'reject' && (
        <FormField
          id={`${id}-reason`}
          label="Rejection reason"
          error={errors.rejectionReason?.message}
        >
          <Textarea
            rows={3}
            {...fieldErrorProps(`${id}-reason`, errors.rejectionReason?.message)}
            {...register('rejectionReason')}
          />
        </FormField>
      )}
      <FormField
        id={`${id}-notes`}
        label="Remarks (optional)"
        error={errors.validationNotes?.message}
      >
        <Textarea
          rows={2}
          {...fieldErrorProps(`${id}-notes`, errors.validationNotes?.message)}
          {...register('validationNotes')}
        />
      </FormField>
    </FormDialog>
  );
}
