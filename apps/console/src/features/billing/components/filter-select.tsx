import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

type FilterSelectProps = {
  label: string;
  value: string | undefined;
  /** The choice meaning "no filter", e.g. 'All statuses'. */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
};

/** A labelled filter choice of a billing list; the first option clears the filter. */
export function FilterSelect({ label, value, allLabel, options, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5 md:w-48">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
