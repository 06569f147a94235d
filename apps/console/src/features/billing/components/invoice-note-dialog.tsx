import { zodResolver } from '@hookform/resolvers/zod';
import {
  createInvoiceNoteBodySchema,
  taxTypeLabels,
  taxTypes,
  type CreateInvoiceNoteInput,
  type Invoice,
  type InvoiceNoteKind,
} from '@patrol/contracts';
import { formatMoney, fromSen, toSen } from '@patrol/domain';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { FormDialog } from '@/components/form-dialog';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useIssueInvoiceNote } from '@/features/billing/api/issue-invoice-note';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { ApiError } from '@/lib/api-client';

type NoteForm = Pick<CreateInvoiceNoteInput, 'reason' | 'amount' | 'taxType'>;

const resolver = zodResolver(createInvoiceNoteBodySchema) as unknown as Resolver<NoteForm>;

const texts = {
  credit: { title: 'Credit note', verb: 'Issue Credit Note', action: 'issuing credit note' },
  debit: { title: 'Debit note', verb: 'Issue Debit Note', action: 'issuing debit note' },
} as const;

/** What the invoice owes now: its total, plus debit notes, less credit notes. */
function owedOf(invoice: Invoice): number {
  return fromSen(
    toSen(invoice.totalAmount) + toSen(invoice.debitedAmount) - toSen(invoice.creditedAmount),
  );
}

/**
 * Credit note or Debit note on an invoice: an amount, its tax type and a reason, then a
 * confirmation naming the invoice and the amount, since a note is issued for good.
 */
export function InvoiceNoteDialog({
  kind,
  invoice,
  onOpenChange,
}: {
  kind: InvoiceNoteKind;
  invoice: Invoice | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { register, control, handleSubmit, reset, setError, formState } = useForm<NoteForm>({
    resolver,
    mode: 'onChange',
  });
  const values = useWatch({ control });
  const [confirming, setConfirming] = useState<NoteForm | null>(null);
  const issue = useIssueInvoiceNote();
  const id = useId();
  const errors = formState.errors;
  const text = texts[kind];
  const owed = invoice ? owedOf(invoice) : 0;

  useEffect(() => {
    if (!invoice) return;
    reset({ reason: '', amount: undefined, taxType: 'EXEMPT' });
    setConfirming(null);
  }, [invoice, reset]);

  const submit = handleSubmit((body) => {
    if (kind === 'credit' && body.amount !== undefined && body.amount > owed) {
      setError('amount', {
        message: `A credit note cannot exceed what the invoice still owes after earlier credit notes (${formatMoney(owed)})`,
      });
      return;
    }
    setConfirming(body);
  });

  const confirm = async () => {
    if (!invoice || !confirming) return;
    try {
      const answer = await issue.mutateAsync({ kind, invoiceId: invoice.id, body: confirming });
      toast.success(`${answer.message}: ${answer.note.noteNumber}`);
      setConfirming(null);
      onOpenChange(false);
    } catch (error) {
      setConfirming(null);
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field === 'amount' || field === 'reason' || field === 'taxType') {
            setError(field, { message });
          }
        }
      }
      toast.error(billingActionFailure(text.action, error));
    }
  };

  const field = (name: keyof NoteForm) => fieldErrorProps(`${id}-${name}`, errors[name]?.message);
  const complete = Number(values.amount) > 0 && Boolean(values.reason?.trim());
  return (
    <>
      <FormDialog
        open={invoice !== null && confirming === null}
        onOpenChange={onOpenChange}
        title={text.title}
        description={
          invoice &&
          `${invoice.invoiceNumber} · ${invoice.clientInfo.companyName} · owes ${formatMoney(owed)}`
        }
        onSubmit={submit}
        submitLabel={text.verb}
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
              max={kind === 'credit' ? owed : undefined}
              step={0.01}
              {...register('amount', { valueAsNumber: true })}
            />
          </FormField>
          <FormField id={`${id}-taxType`} label="Tax type" error={errors.taxType?.message}>
            <NativeSelect {...field('taxType')} {...register('taxType')}>
              {taxTypes.map((type) => (
                <option key={type} value={type}>
                  {taxTypeLabels[type]}
                </option>
              ))}
            </NativeSelect>
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
        title={`${text.verb}?`}
        description={
          invoice &&
          confirming &&
          `A ${text.title.toLowerCase()} of ${formatMoney(confirming.amount ?? 0)} (before tax) will be issued against ${invoice.invoiceNumber}. It cannot be edited or deleted afterwards.`
        }
        confirmLabel={text.verb}
        pending={issue.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
