import { zodResolver } from '@hookform/resolvers/zod';
import {
  createInvoiceNoteBodySchema,
  taxTypeLabels,
  taxTypes,
  type Invoice,
  type InvoiceNoteKind,
  type TaxType,
} from '@patrol/contracts';
import { calculateDocumentTotals, formatMoney, fromSen, toSen } from '@patrol/domain';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { FormDialog } from '@/components/form-dialog';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useIssueInvoiceNote } from '@/features/billing/api/issue-invoice-note';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { ApiError } from '@/lib/api-client';
import {
  emptyNoteLine,
  InvoiceNoteLinesFieldset,
  type NoteForm,
} from './invoice-note-lines-fieldset';

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

/** A note's total with tax, at the rates the invoice's own lines were issued with. */
function noteTotal(invoice: Invoice, body: NoteForm): number {
  const rates = new Map<TaxType, number>(invoice.lineItems.map((l) => [l.taxType, l.taxRate]));
  const lines = body.lines?.length
    ? body.lines
    : [{ quantity: 1, unitPrice: body.amount ?? 0, taxType: body.taxType ?? 'EXEMPT' }];
  return fromSen(
    calculateDocumentTotals(
      lines.map((line) => ({
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discount: 0,
        taxType: line.taxType,
        taxRate: line.taxType === 'EXEMPT' ? 0 : (rates.get(line.taxType) ?? 0),
      })),
    ).totalSen,
  );
}

/**
 * Credit note or Debit note on an invoice: an amount and its tax type, or lines, and a reason,
 * then a confirmation naming the invoice and the total, since a note is issued for good.
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
  // Fields not shown (the amount in lines mode, the lines in amount mode) are not sent.
  const { register, control, handleSubmit, reset, setError, formState } = useForm<NoteForm>({
    resolver,
    mode: 'onChange',
    shouldUnregister: true,
  });
  const values = useWatch({ control });
  const [mode, setMode] = useState<'amount' | 'lines'>('amount');
  const [confirming, setConfirming] = useState<NoteForm | null>(null);
  const issue = useIssueInvoiceNote();
  const id = useId();
  const errors = formState.errors;
  const text = texts[kind];
  const owed = invoice ? owedOf(invoice) : 0;

  useEffect(() => {
    if (!invoice) return;
    reset({ reason: '', taxType: 'EXEMPT', lines: [{ ...emptyNoteLine }] });
    setMode('amount');
    setConfirming(null);
  }, [invoice, reset]);

  const submit = handleSubmit((body) => {
    if (!invoice) return;
    if (kind === 'credit' && noteTotal(invoice, body) > owed) {
      setError(mode === 'amount' ? 'amount' : 'root', {
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
  const complete =
    Boolean(values.reason?.trim()) &&
    (mode === 'amount'
      ? Number(values.amount) > 0
      : (values.lines ?? []).every((line) => Number(line?.unitPrice) > 0 && line?.description));
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
        <div role="radiogroup" aria-label="Credit by" className="flex gap-2">
          {(['amount', 'lines'] as const).map((value) => (
            <Button
              key={value}
              type="button"
              size="sm"
              role="radio"
              aria-checked={mode === value}
              variant={mode === value ? 'default' : 'outline'}
              onClick={() => setMode(value)}
            >
              {value === 'amount' ? 'An amount' : 'Lines'}
            </Button>
          ))}
        </div>
        {mode === 'lines' && (
          <InvoiceNoteLinesFieldset control={control} register={register} errors={errors} />
        )}
        {errors.root && <p className="text-sm text-destructive">{errors.root.message}</p>}
        <div className="grid gap-4 sm:grid-cols-2">
          {mode === 'amount' && (
            <>
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
            </>
          )}
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
          `A ${text.title.toLowerCase()} of ${formatMoney(noteTotal(invoice, confirming))} will be issued against ${invoice.invoiceNumber}. It cannot be edited or deleted afterwards.`
        }
        confirmLabel={text.verb}
        pending={issue.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
