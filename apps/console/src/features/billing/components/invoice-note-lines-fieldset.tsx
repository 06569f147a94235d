import { taxTypeLabels, taxTypes, type CreateInvoiceNoteInput } from '@patrol/contracts';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

export type NoteForm = Pick<CreateInvoiceNoteInput, 'reason' | 'amount' | 'taxType' | 'lines'>;

export const emptyNoteLine = {
  description: '',
  quantity: 1,
  unitPrice: 0,
  taxType: 'EXEMPT',
} as const;

/** The lines of a credit or debit note: description, quantity, unit price and tax type each. */
export function InvoiceNoteLinesFieldset({
  control,
  register,
  errors,
}: {
  control: Control<NoteForm>;
  register: UseFormRegister<NoteForm>;
  errors: FieldErrors<NoteForm>;
}) {
  const lines = useFieldArray({ control, name: 'lines' });
  const id = useId();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Lines</legend>
      {lines.fields.map((line, index) => {
        const lineErrors = errors.lines?.[index];
        const field = (name: string, message: string | undefined) =>
          fieldErrorProps(`${id}-${index}-${name}`, message);
        return (
          <div
            key={line.id}
            className="grid items-end gap-2 sm:grid-cols-[1fr_5rem_7rem_9rem_auto]"
          >
            <FormField
              id={`${id}-${index}-description`}
              label={`Line ${index + 1} description`}
              error={lineErrors?.description?.message}
            >
              <Input
                {...field('description', lineErrors?.description?.message)}
                {...register(`lines.${index}.description`)}
              />
            </FormField>
            <FormField
              id={`${id}-${index}-quantity`}
              label="Qty"
              error={lineErrors?.quantity?.message}
            >
              <Input
                {...field('quantity', lineErrors?.quantity?.message)}
                type="number"
                min={1}
                step={1}
                {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
              />
            </FormField>
            <FormField
              id={`${id}-${index}-unitPrice`}
              label="Unit price (RM)"
              error={lineErrors?.unitPrice?.message}
            >
              <Input
                {...field('unitPrice', lineErrors?.unitPrice?.message)}
                type="number"
                inputMode="decimal"
                min={0.01}
                step={0.01}
                {...register(`lines.${index}.unitPrice`, { valueAsNumber: true })}
              />
            </FormField>
            <FormField id={`${id}-${index}-taxType`} label="Tax type">
              <NativeSelect
                {...field('taxType', undefined)}
                {...register(`lines.${index}.taxType`)}
              >
                {taxTypes.map((type) => (
                  <option key={type} value={type}>
                    {taxTypeLabels[type]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove line ${index + 1}`}
              disabled={lines.fields.length === 1}
              onClick={() => lines.remove(index)}
            >
              <Trash2Icon />
            </Button>
          </div>
        );
      })}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => lines.append({ ...emptyNoteLine })}
      >
        <PlusIcon /> Add line
      </Button>
    </fieldset>
  );
}
