import { validityPresetDays } from '@patrol/contracts';
import { Button } from '@/components/ui/button';

type DaysPresetsProps = {
  selected: number;
  onSelect: (days: number) => void;
  /** Names the group for screen readers, e.g. "Validity presets". */
  label: string;
};

/** The quick choices 7, 14, 30, 90, 180 and 365 days (spec 1 section 5). */
export function DaysPresets({ selected, onSelect, label }: DaysPresetsProps) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1.5">
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
  );
}
