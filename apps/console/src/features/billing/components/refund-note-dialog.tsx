import { zodResolver } from '@hookform/resolvers/zod';
import {
  createRefundNoteBodySchema,
  paymentFormMethods,
  type CreateRefundNoteInput,
  type Invoice,
} from '@patrol/contracts';
import { businessDay, formatMoney } from '@patrol/domain';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { FormDialog } from '@/components/form-dialog';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useIssueRefundNote } from '@/features/billing/api/issue-refund-note';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { paymentMethodLabel } from '@/features/billing/lib/billing-labels';
import { ApiError } from '@/lib/api-client';

type RefundForm = CreateRefundNoteInput;

const resolver = zodResolver(createRefundNoteBodySchema) as unknown as Resolver<RefundForm>;
const fields = ['reason', 'amount', 'method', 'refundDate', 'reference'] as const;

/** The refund the server would refuse: above what the invoice still has to pay back. */
export function refundAboveDueMessage(refundDue: number): string {
  return `A refund note cannot exceed the refund still due on the invoice after earlier refund notes (${formatMoney(refundDue)})`;
}

/**
 * Issue Refund Note: money paid back to the client out of the invoice's refund due (amount, method,
 * date, reference, reason), then a confirmation naming the invoice and the amount, since a note is
 * issued for good. A refusal keeps what was typed and says why under the field.
 */
export function RefundNoteDialog({
  invoice,
  onOpenChange,
}: {
  invoice: Invoice | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { register, control, handleSubmit, reset, setError, formState } = useForm<RefundForm>({
    resolver,
    mode: 'onChange',
  });
  const values = useWatch({ control });
  const [confirming, setConfirming] = useState<RefundForm | null>(null);
  const issue = useIssueRefundNote();
  const id = useId();
  const errors = formState.errors;
  const today = businessDay(new Date());
  const refundDue = invoice?.refundDue ?? 0;
  const invoiceId = invoice?.id;

  useEffect(() => {
    if (!invoiceId) return;
    reset({
      amount: refundDue,
      method: 'bank_transfer',
      refundDate: today,
      reference: '',
      reason: '',
    });
    setConfirming(null);
    // A refetched invoice (a new refund due) must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invoiceId, reset, today]);

  const submit = handleSubmit((body) => {
    if (!invoice) return;
    if (body.amount > refundDue) {
      setError('amount', { message: refundAboveDueMessage(refundDue) });
      return;
    }
    setConfirming(body);
  });

  const confirm = async () => {
    if (!invoice || !confirming) return;
    try {
      const answer = await issue.mutateAsync({ invoiceId: invoice.id, body: confirming });
      toast.success(`${answer.message}: ${answer.note.noteNumber}`);
      setConfirming(null);
      onOpenChange(false);
    } catch (error) {
      setConfirming(null);
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          const known = fields.find((name) => name === field);
          if (known) setError(known, { message });
        }
      }
      toast.error(billingActionFailure('issuing refund note', error));
    }
  };

  const complete =
    Boolean(values.reason?.trim()) &&
    Number(values.amount) > 0 &&
    Boolean(values.method) &&
    Boolean(values.refundDate);
  const field = (name: (typeof fields)[number]) =>
    fieldErrorProps(`${id}-${name}`, errors[name]?.message);
  return (
    <>
      <FormDialog
        open={invoice !== null && confirming === null}
        onOpenChange={onOpenChange}
        title="Refund note"
        description={
          invoice &&
          `${invoice.invoiceNumber} · ${invoice.clientInfo.companyName} · refund due ${formatMoney(refundDue)}`
        }
        onSubmit={submit}
        submitLabel="Issue Refund Note"
        pendingLabel="Issuing..."
        pending={issue.isPending}
        submitBlocked={!complete}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-amount`} label="Amount (RM)" error={errors.amount?.message}>
            <Input
              {...field('amount')}
              type="number"
              inputMode="decimal"
              min={0.01}
              max={refundDue}
              step={0.01}
              {...register('amount', { valueAsNumber: true })}
            />
          </FormField>
          <FormField id={`${id}-method`} label="Refund method" error={errors.method?.message}>
            <NativeSelect {...field('method')} {...register('method')}>
              {paymentFormMethods.map((method) => (
                <option key={method} value={method}>
                  {paymentMethodLabel(method)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-refundDate`} label="Refund date" error={errors.refundDate?.message}>
            <Input {...field('refundDate')} type="date" max={today} {...register('refundDate')} />
          </FormField>
          <FormField id={`${id}-reference`} label="Reference" error={errors.reference?.message}>
            <Input {...field('reference')} autoComplete="off" {...register('reference')} />
          </FormField>
          <div className="sm:col-span-2">
            <FormField id={`${id}-reason`} label="Reason" error={errors.reason?.message}>
              <Textarea {...field('reason')} rows={2} {...register('reason')} />
            </FormField>
          </div>
        </div>
      </FormDialog>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Issue Refund Note?"
        description={
          invoice &&
          confirming &&
          `A refund note of ${formatMoney(confirming.amount)} paid back by ${paymentMethodLabel(confirming.method).toLowerCase()} will be issued against ${invoice.invoiceNumber}. It cannot be edited or deleted afterwards.`
        }
        confirmLabel="Issue Refund Note"
        pending={issue.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
