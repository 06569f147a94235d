import { zodResolver } from '@hookform/resolvers/zod';
import {
  convertQuotationBodySchema,
  type ConvertQuotationBody,
  type QuotationSummary,
} from '@patrol/contracts';
import { businessDay, dueDay, formatMoney } from '@patrol/domain';
import { useEffect, useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { FormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { humanise } from '@/features/billing/lib/billing-labels';

const resolver = zodResolver(convertQuotationBodySchema) as unknown as Resolver<
  Required<ConvertQuotationBody>
>;

type ConvertQuotationDialogProps = {
  quotation: QuotationSummary | null;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** Converts; resolves true when the invoice was created (the dialog then closes). */
  onSubmit: (quotation: QuotationSummary, dates: ConvertQuotationBody) => Promise<boolean>;
};

/** Confirms Convert to Invoice and dates the invoice: today and the quotation's terms by default. */
export function ConvertQuotationDialog({
  quotation,
  onOpenChange,
  pending,
  onSubmit,
}: ConvertQuotationDialogProps) {
  const { register, handleSubmit, reset, formState } = useForm<Required<ConvertQuotationBody>>({
    resolver,
  });
  const id = useId();
  const errors = formState.errors;

  useEffect(() => {
    if (!quotation) return;
    const today = businessDay(new Date());
    reset({ issueDate: today, dueDate: dueDay(today, quotation.paymentTerms) });
  }, [quotation, reset]);

  const submit = handleSubmit(async (dates) => {
    if (quotation && (await onSubmit(quotation, dates))) onOpenChange(false);
  });
  const field = (name: keyof ConvertQuotationBody) =>
    fieldErrorProps(`${id}-${name}`, errors[name]?.message);
  return (
    <FormDialog
      open={quotation !== null}
      onOpenChange={onOpenChange}
      title="Convert to invoice?"
      description={
        quotation &&
        `Quotation ${quotation.quotationNumber} for ${quotation.clientInfo.companyName} (${formatMoney(quotation.totalAmount)}) becomes an invoice and can no longer be edited. Payment terms: ${humanise(quotation.paymentTerms)}.`
      }
      width="md"
      onSubmit={submit}
      submitLabel="Convert to Invoice"
      pendingLabel="Converting..."
      pending={pending}
    >
      <div className="grid grid-cols-2 gap-4">
        <FormField id={`${id}-issueDate`} label="Invoice date" error={errors.issueDate?.message}>
          <Input type="date" {...field('issueDate')} {...register('issueDate')} />
        </FormField>
        <FormField id={`${id}-dueDate`} label="Due date" error={errors.dueDate?.message}>
          <Input type="date" {...field('dueDate')} {...register('dueDate')} />
        </FormField>
      </div>
    </FormDialog>
  );
}
