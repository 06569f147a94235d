import { zodResolver } from '@hookform/resolvers/zod';
import {
  paymentFormMethods,
  processPaymentBodySchema,
  type InvoiceSummary,
  type ProcessPaymentBody,
} from '@patrol/contracts';
import { businessDay, formatMoney } from '@patrol/domain';
import { useEffect, useId } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { FormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { paymentMethodLabel } from '@/features/billing/lib/billing-labels';

const resolver = zodResolver(processPaymentBodySchema) as unknown as Resolver<ProcessPaymentBody>;

type ProcessPaymentDialogProps = {
  invoice: InvoiceSummary | null;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** Records the payment; resolves true when it was accepted (the dialog then closes). */
  onSubmit: (invoice: InvoiceSummary, body: ProcessPaymentBody) => Promise<boolean>;
};

/** Process Payment (spec 3 section 5): every field required, at most the outstanding amount. */
export function ProcessPaymentDialog({
  invoice,
  onOpenChange,
  pending,
  onSubmit,
}: ProcessPaymentDialogProps) {
  const { register, control, handleSubmit, reset, setError, formState } =
    useForm<ProcessPaymentBody>({ resolver, mode: 'onChange' });
  const values = useWatch({ control });
  const id = useId();
  const errors = formState.errors;
  const today = businessDay(new Date());

  useEffect(() => {
    if (!invoice) return;
    reset({
      amount: invoice.outstandingAmount,
      paymentMethod: 'bank_transfer',
      referenceNumber: '',
      paymentDate: today,
      notes: '',
    });
  }, [invoice, reset, today]);

  const submit = handleSubmit(async (body) => {
    if (!invoice) return;
    if (body.amount > invoice.outstandingAmount) {
      setError('amount', {
        message: `Payment amount cannot exceed the outstanding amount of ${formatMoney(invoice.outstandingAmount)}`,
      });
      return;
    }
    if (await onSubmit(invoice, body)) onOpenChange(false);
  });

  const complete =
    Number(values.amount) > 0 &&
    Boolean(values.paymentMethod) &&
    Boolean(values.referenceNumber?.trim()) &&
    Boolean(values.paymentDate);
  const field = (name: keyof ProcessPaymentBody) =>
    fieldErrorProps(`${id}-${name}`, errors[name]?.message);
  return (
    <FormDialog
      open={invoice !== null}
      onOpenChange={onOpenChange}
      title="Process Payment"
      description={
        invoice &&
        `${invoice.invoiceNumber} · ${invoice.clientInfo.companyName} · outstanding ${formatMoney(invoice.outstandingAmount)}`
      }
      onSubmit={submit}
      submitLabel="Process Payment"
      pendingLabel="Processing..."
      pending={pending}
      submitBlocked={!complete}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-amount`} label="Amount (RM)" error={errors.amount?.message}>
          <Input
            {...field('amount')}
            type="number"
            inputMode="decimal"
            min={0.01}
            max={invoice?.outstandingAmount}
            step={0.01}
            {...register('amount', { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          id={`${id}-paymentMethod`}
          label="Payment method"
          error={errors.paymentMethod?.message}
        >
          <NativeSelect {...field('paymentMethod')} {...register('paymentMethod')}>
            {paymentFormMethods.map((method) => (
              <option key={method} value={method}>
                {paymentMethodLabel(method)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-referenceNumber`}
          label="Reference number"
          error={errors.referenceNumber?.message}
        >
          <Input
            {...field('referenceNumber')}
            autoComplete="off"
            {...register('referenceNumber')}
          />
        </FormField>
        <FormField
          id={`${id}-paymentDate`}
          label="Payment date"
          error={errors.paymentDate?.message}
        >
          <Input {...field('paymentDate')} type="date" max={today} {...register('paymentDate')} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id={`${id}-notes`} label="Notes" error={errors.notes?.message}>
            <Textarea {...field('notes')} rows={2} {...register('notes')} />
          </FormField>
        </div>
      </div>
    </FormDialog>
  );
}
