import type { Invoice, AdjustmentNoteKind } from '@patrol/contracts';
import { formatMoney } from '@patrol/domain';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { useIssueInvoiceNote } from '@/features/billing/api/issue-invoice-note';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { ApiError } from '@/lib/api-client';
import { InvoiceNoteFields, type NoteMode } from './invoice-note-fields';
import { emptyNoteLine, type NoteForm } from './invoice-note-lines-fieldset';
import { noteResolver, noteTexts, noteTotal, owedOf } from './invoice-note-values';

/**
 * Credit note or Debit note on an invoice: an amount and its tax type, or lines, and a reason,
 * then a confirmation naming the invoice and the total, since a note is issued for good.
 */
export function InvoiceNoteDialog({
  kind,
  invoice,
  onOpenChange,
}: {
  kind: AdjustmentNoteKind;
  invoice: Invoice | null;
  onOpenChange: (open: boolean) => void;
}) {
  // Fields not shown (the amount in lines mode, the lines in amount mode) are not sent.
  const { register, control, handleSubmit, reset, setError, formState } = useForm<NoteForm>({
    resolver: noteResolver,
    mode: 'onChange',
    shouldUnregister: true,
  });
  const values = useWatch({ control });
  const [mode, setMode] = useState<NoteMode>('amount');
  const [confirming, setConfirming] = useState<NoteForm | null>(null);
  const issue = useIssueInvoiceNote();
  const id = useId();
  const errors = formState.errors;
  const text = noteTexts[kind];
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
        <InvoiceNoteFields
          id={id}
          kind={kind}
          mode={mode}
          onMode={setMode}
          owed={owed}
          control={control}
          register={register}
          errors={errors}
        />
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
