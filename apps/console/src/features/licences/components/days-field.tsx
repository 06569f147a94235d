import { validityDaysRange, validityPresetDays } from '@patrol/contracts';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldErrorProps } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type DaysFieldProps = {
  id: string;
  label: string;
  error?: string;
  /** Shown under the field while it is valid; the allowed range by default. */
  hint?: ReactNode;
  /** The form's registration of the field, read as a number. */
  registration: UseFormRegisterReturn;
  selected: number;
  onSelect: (days: number) => void;
  /** Names the presets group for screen readers, e.g. "Validity presets". */
  presetsLabel: string;
};

/** A number of days (1 to 1825) with the quick choices 7, 14, 30, 90, 180 and 365 (spec 1 section 5). */
export function DaysField({
  id,
  label,
  error,
  hint = `${validityDaysRange.min} to ${validityDaysRange.max} days`,
  registration,
  selected,
  onSelect,
  presetsLabel,
}: DaysFieldProps) {
  return (
    <>
      <FormField id={id} label={label} error={error} hint={hint}>
        <Input
          type="number"
          min={validityDaysRange.min}
          max={validityDaysRange.max}
          {...fieldErrorProps(id, error)}
          {...registration}
        />
      </FormField>
      <div role="group" aria-label={presetsLabel} className="flex flex-wrap gap-1.5">
        {validityPresetDays.map((days) => (
          <Button
            key={days}
            type="button"
            size="sm"
            variant={selected === days ? 'default' : 'outline'}
            aria-pressed={selected === days}
            onClick={() => onSelect(days)}
          >
            {days} days
          </Button>
        ))}
      </div>
    </>
  );
}
