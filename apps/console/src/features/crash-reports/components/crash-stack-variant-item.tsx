import type { CrashStackVariant } from '@patrol/contracts';
import { formatBusinessDateTime } from '@/lib/company-time';

type CrashStackVariantItemProps = {
  variant: CrashStackVariant;
  /** Its position in the list, from 1: names the variant. */
  number: number;
  selected: ReadonlySet<string>;
  onToggle: (reportIds: string[], on: boolean) => void;
};

const checkbox = 'size-4 shrink-0 accent-primary';

/**
 * One stack variant: a box that chooses all its reports, its frames, and its reports one by one
 * (date, app version, device) to choose some of them.
 */
export function CrashStackVariantItem({
  variant,
  number,
  selected,
  onToggle,
}: CrashStackVariantItemProps) {
  const ids = variant.reports.map((report) => report.id);
  const chosen = ids.filter((id) => selected.has(id)).length;
  const name = `Variant ${number}`;
  return (
    <li className="grid gap-1 rounded-md border p-2">
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          className={checkbox}
          checked={chosen === ids.length}
          onChange={(event) => onToggle(ids, event.target.checked)}
        />
        {name}: {variant.occurrences.toLocaleString('en-MY')}{' '}
        {variant.occurrences === 1 ? 'report' : 'reports'}, last{' '}
        {formatBusinessDateTime(variant.lastSeen)}
        {chosen > 0 && chosen < ids.length && (
          <span className="font-normal text-muted-foreground">({chosen} chosen)</span>
        )}
      </label>
      <details>
        <summary className="cursor-pointer text-muted-foreground">
          {variant.frameCount} {variant.frameCount === 1 ? 'frame' : 'frames'}
        </summary>
        <ol className="mt-1 max-h-40 overflow-auto rounded-md bg-muted/50 p-2 font-mono text-xs">
          {variant.frames.map((frame, index) => (
            <li key={index} className="break-all">
              {frame}
            </li>
          ))}
        </ol>
      </details>
      <details>
        <summary className="cursor-pointer text-muted-foreground">Choose reports</summary>
        <ul aria-label={`Reports of ${name}`} className="mt-1 grid max-h-40 gap-0.5 overflow-auto">
          {variant.reports.map((report) => (
            <li key={report.id}>
              <label className="flex items-center gap-2 text-xs">
                <input
                  type="checkbox"
                  className={checkbox}
                  checked={selected.has(report.id)}
                  onChange={(event) => onToggle([report.id], event.target.checked)}
                />
                {formatBusinessDateTime(report.createdAt)} · {report.appVersion ?? 'N/A'} ·{' '}
                {report.deviceId ?? 'N/A'}
              </label>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
