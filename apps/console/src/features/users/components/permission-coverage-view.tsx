import type { CoverageColour, PermissionCoverage } from '@patrol/domain';
import { cn } from '@/lib/cn';

/** Text and bar colours of a coverage figure: green at 100%, yellow at 50% or more, red below. */
export const coverageColourClasses: Record<CoverageColour, { text: string; bar: string }> = {
  green: { text: 'text-green-700', bar: 'bg-green-600' },
  yellow: { text: 'text-yellow-700', bar: 'bg-yellow-500' },
  red: { text: 'text-red-700', bar: 'bg-red-600' },
};

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="rounded-md border px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('text-lg font-semibold tabular-nums', className)}>{value}</dd>
    </div>
  );
}

/**
 * Granted, denied, total available and overall coverage of the checked set. Denied counts the
 * permissions denied to this user explicitly, not every permission left unchecked.
 */
export function PermissionSummary({
  coverage,
  denied,
}: {
  coverage: PermissionCoverage;
  denied: number;
}) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Permission summary">
      <Figure label="Granted" value={String(coverage.granted)} className="text-green-700" />
      <Figure label="Denied" value={String(denied)} className="text-red-700" />
      <Figure label="Total Available" value={String(coverage.total)} />
      <Figure
        label="Coverage"
        value={`${coverage.percent}%`}
        className={coverageColourClasses[coverage.colour].text}
      />
    </dl>
  );
}

/** A thin bar filled to `percent`, in the coverage colour. */
export function CoverageBar({ percent, colour }: { percent: number; colour: CoverageColour }) {
  return (
    <div className="h-1.5 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
      <div
        className={cn('h-full rounded-full', coverageColourClasses[colour].bar)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
