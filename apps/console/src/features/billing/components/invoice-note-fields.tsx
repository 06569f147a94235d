import { taxTypeLabels, taxTypes, type AdjustmentNoteKind } from '@patrol/contracts';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { InvoiceNoteLinesFieldset, type NoteForm } from './invoice-note-lines-fieldset';

/** A note is an amount with its tax type, or lines. */
export type NoteMode = 'amount' | 'lines';

type InvoiceNoteFieldsProps = {
  id: string;
  kind: AdjustmentNoteKind;
  mode: NoteMode;
  onMode: (mode: NoteMode) => void;
  /** What the invoice still owes: the most a credit note may take. */
  owed: number;
  control: Control<NoteForm>;
  register: UseFormRegister<NoteForm>;
  errors: FieldErrors<NoteForm>;
};

/** The note's fields: by an amount or by lines, and the reason. */
export function InvoiceNoteFields({
  id,
  kind,
  mode,
  onMode,
  owed,
  control,
  register,
  errors,
}: InvoiceNoteFieldsProps) {
  const field = (name: keyof NoteForm) => fieldErrorProps(`${id}-${name}`, errors[name]?.message);
  return (
    <>
      <div role="radiogroup" aria-label="Credit by" className="flex gap-2">
        {(['amount', 'lines'] as const).map((value) => (
          <Button
            key={value}
            type="button"
            size="sm"
            role="radio"
            aria-checked={mode === value}
            variant={mode === value ? 'default' : 'outline'}
            onClick={() => onMode(value)}
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
    </>
  );
}
