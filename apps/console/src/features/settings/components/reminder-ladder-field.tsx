import {
  reminderSendsLabels,
  reminderSendsSchema,
  renewalLimits,
  type CompanySettings,
  type ReminderStep,
} from '@patrol/contracts';
import { reminderStepLabel } from '@patrol/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useController, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { SettingsNumberField } from '@/features/settings/components/settings-fields';
import { dayCountInput } from '@/features/settings/lib/settings-input-rules';

const ladderName = 'licenceRenewals.reminderLadder' as const;

/** The step a new row starts as: a week after the latest, within the limits. */
function nextStep(steps: readonly ReminderStep[]): ReminderStep {
  const latest = Math.max(-7, ...steps.map((step) => step.days));
  return { days: Math.min(latest + 7, renewalLimits.ladderStepDays.max), sends: 'email_with_pdf' };
}

function StepSends({ index }: { index: number }) {
  const id = useId();
  const { field } = useController<CompanySettings, `${typeof ladderName}.${number}.sends`>({
    name: `${ladderName}.${index}.sends`,
  });
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>Reminder {index + 1} sends</Label>
      <NativeSelect
        id={id}
        name={field.name}
        ref={field.ref}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      >
        {reminderSendsSchema.options.map((sends) => (
          <option key={sends} value={sends}>
            {reminderSendsLabels[sends]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function StepDays({ index }: { index: number }) {
  const days = useWatch<CompanySettings, `${typeof ladderName}.${number}.days`>({
    name: `${ladderName}.${index}.days`,
  });
  return (
    <SettingsNumberField
      name={`${ladderName}.${index}.days`}
      label={`Reminder ${index + 1}: days from the due date`}
      parse={dayCountInput}
      min={renewalLimits.ladderStepDays.min}
      max={renewalLimits.ladderStepDays.max}
      hint={Number.isFinite(days) ? reminderStepLabel(days) : undefined}
    />
  );
}

/**
 * The payment reminder ladder: each step's day relative to the due date (negative: before it) and
 * what it sends. The server keeps the steps sorted by day; the WhatsApp text of every step is
 * offered on the invoice.
 */
export function ReminderLadderField() {
  const { fields, append, remove } = useFieldArray<CompanySettings, typeof ladderName>({
    name: ladderName,
  });
  const steps = useWatch<CompanySettings, typeof ladderName>({ name: ladderName }) ?? [];
  const { errors } = useFormState<CompanySettings>({ name: ladderName });
  const ladderError = errors.licenceRenewals?.reminderLadder;
  const listError = ladderError?.message ?? ladderError?.root?.message;
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-1 text-sm font-medium">Payment reminders</legend>
      <p className="text-xs text-muted-foreground">
        Each step reminds the client on its day, as chosen, until the invoice is paid and validated,
        voided or credited; every reminder's text is also offered for WhatsApp on the invoice.
      </p>
      <ul className="grid gap-3">
        {fields.map((field, index) => (
          <li
            key={field.id}
            className="grid items-start gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,16rem)_auto]"
          >
            <StepDays index={index} />
            <StepSends index={index} />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="sm:mt-6"
              aria-label={`Remove reminder ${index + 1}`}
              disabled={fields.length <= renewalLimits.ladderSteps.min}
              onClick={() => remove(index)}
            >
              <Trash2 />
            </Button>
          </li>
        ))}
      </ul>
      {listError && <p className="text-sm text-destructive">{listError}</p>}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={fields.length >= renewalLimits.ladderSteps.max}
          onClick={() => append(nextStep(steps))}
        >
          <Plus /> Add reminder
        </Button>
      </div>
    </fieldset>
  );
}
