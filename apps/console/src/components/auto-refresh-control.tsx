import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';

type AutoRefreshControlProps = {
  on: boolean;
  onChange: (on: boolean) => void;
} & (
  | {
      /** A fixed interval in words, e.g. 'every 30 s'; a scope may follow ('every 30 s, page 1'). */
      interval: string;
      choices?: never;
    }
  | {
      interval?: never;
      /** Intervals the user picks from, in minutes. */
      choices: readonly number[];
      minutes: number;
      onMinutesChange: (minutes: number) => void;
    }
);

/**
 * The one auto-refresh control of every screen that re-reads itself (system, crash reports, billing
 * dashboard): a switch named "Auto-refresh" in a bordered box as tall as the buttons beside it,
 * then its interval, fixed in words or chosen from a list.
 */
export function AutoRefreshControl(props: AutoRefreshControlProps) {
  const id = useId();
  return (
    <div className="flex h-9 items-center gap-2 rounded-md border px-3 text-sm">
      <Switch id={id} checked={props.on} onCheckedChange={props.onChange} />
      <Label htmlFor={id} className="font-normal whitespace-nowrap">
        Auto-refresh
      </Label>
      {props.choices ? (
        <div className="w-32">
          <NativeSelect
            aria-label="Auto-refresh interval"
            className="h-7"
            value={props.minutes}
            disabled={!props.on}
            onChange={(event) => props.onMinutesChange(Number(event.target.value))}
          >
            {props.choices.map((value) => (
              <option key={value} value={value}>
                every {value} min
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : (
        <span className="whitespace-nowrap text-muted-foreground">{props.interval}</span>
      )}
    </div>
  );
}
