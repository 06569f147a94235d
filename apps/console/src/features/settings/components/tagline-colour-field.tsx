import type { CompanySettings } from '@patrol/contracts';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { colourInput } from '@/features/settings/lib/settings-input-rules';
import { cn } from '@/lib/cn';

/** Quick tagline colours (spec 2 section 2.3). */
export const taglineColourPresets = [
  { name: 'Gray', value: '#6B7280' },
  { name: 'Black', value: '#000000' },
  { name: 'Dark Gray', value: '#374151' },
  { name: 'Blue', value: '#2563EB' },
  { name: 'Green', value: '#059669' },
] as const;

const hexColour = /^#[0-9A-Fa-f]{6}$/;

/** The tagline colour: a #RRGGBB box with a swatch, and the preset colours. */
export function TaglineColourField() {
  const id = useId();
  const { field, fieldState } = useController<CompanySettings, 'taglineColor'>({
    name: 'taglineColor',
  });
  const error = fieldState.error?.message;
  const swatch = hexColour.test(field.value) ? field.value : 'transparent';
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>Tagline Colour</Label>
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="size-9 shrink-0 rounded-md border"
          style={{ backgroundColor: swatch }}
        />
        <Input
          id={id}
          name={field.name}
          ref={field.ref}
          value={field.value}
          maxLength={7}
          placeholder="#6B7280"
          className="w-32 font-mono uppercase"
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(colourInput(event.target.value))}
        />
      </div>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Quick colours">
        {taglineColourPresets.map((preset) => (
          <button
            key={preset.value}
            type="button"
            title={`${preset.name} ${preset.value}`}
            aria-label={`${preset.name} ${preset.value}`}
            aria-pressed={field.value.toUpperCase() === preset.value}
            onClick={() => field.onChange(preset.value)}
            className={cn(
              'flex h-7 items-center gap-1.5 rounded-md border px-2 text-xs hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50',
              field.value.toUpperCase() === preset.value && 'border-ring bg-accent',
            )}
          >
            <span className="size-3 rounded-full" style={{ backgroundColor: preset.value }} />
            {preset.name}
          </button>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
