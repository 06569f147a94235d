import { zodResolver } from '@hookform/resolvers/zod';
import {
  rejectPaymentBodySchema,
  validatePaymentBodySchema,
  type Invoice,
  type PaymentEntry,
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

/** A review of every pending payment of an invoice, or of one payment when `entry` is given. */
export type PaymentReviewTarget = { kind: PaymentReview; invoice: Invoice; entry?: PaymentEntry };

type PaymentReviewDialogProps = {
  review: PaymentReviewTarget | null;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** Sends the decision; resolves true when it was accepted (the dialog then closes). */
  onSubmit: (review: PaymentReviewTarget, body: RejectPaymentBody) => Promise<boolean>;
};

function reviewDescription({ kind, invoice, entry }: PaymentReviewTarget): string {
  if (entry) {
    const payment = `the payment of ${formatMoney(entry.amount)} (${entry.referenceNumber}) for ${invoice.invoiceNumber}`;
    return kind === 'validate'
      ? `Confirm that ${payment} was received. Its receipt is issued.`
      : `Reject ${payment}. It stays listed as rejected and must be entered again.`;
  }
  const pending = invoice.paymentEntries.filter((e) => e.status === 'pending_validation').length;
  return kind === 'validate'
    ? `Confirm that ${formatMoney(invoice.awaitingValidationAmount)} for ${invoice.invoiceNumber} was received. A receipt is issued for each payment.`
    : `The ${pending} pending ${pending === 1 ? 'payment' : 'payments'} of ${invoice.invoiceNumber} will be marked rejected and must be entered again.`;
}

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
    if (review && (await onSubmit(review, body))) onOpenChange(false);
  });

  return (
    <FormDialog
      open={review !== null}
      onOpenChange={onOpenChange}
      title={kind === 'validate' ? 'Validate Payment' : 'Reject Payment'}
      description={review && reviewDescription(review)}
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
