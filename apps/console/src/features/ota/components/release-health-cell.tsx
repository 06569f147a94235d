import type { OtaVersion } from '@patrol/contracts';
import { cn } from '@/lib/cn';
import { ReleaseVitalsLines } from '@/features/ota/components/release-vitals-lines';

const numberFormat = new Intl.NumberFormat('en-MY');

/**
 * A release's health beside it: the share of its devices that sent no crash in the last day, how
 * many devices that is, and how it compares with the release before it.
 */
export function ReleaseHealthCell({
  version,
  previous,
}: {
  version: OtaVersion;
  previous: OtaVersion | undefined;
}) {
  const { crashFreeRate, devices } = version.health;
  // Session pings give the vitals; before the first evaluation, the device figures stand.
  if (version.vitals && version.vitals.last24h.sessions > 0) {
    return <ReleaseVitalsLines vitals={version.vitals} />;
  }
  if (crashFreeRate === null) {
    return <span className="text-xs text-muted-foreground">No devices yet</span>;
  }
  const previousRate = previous?.health.crashFreeRate ?? null;
  const change =
    previousRate === null ? null : Math.round((crashFreeRate - previousRate) * 10) / 10;
  return (
    <div className="flex flex-col items-end gap-0.5">
      <span className="font-medium tabular-nums">{crashFreeRate}% crash-free</span>
      <span className="text-xs text-muted-foreground tabular-nums">
        {numberFormat.format(devices)} {devices === 1 ? 'device' : 'devices'}
      </span>
      {change !== null && previous && (
        <span
          className={cn(
            'text-xs tabular-nums',
            change < 0 ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400',
          )}
        >
          {change > 0 ? '+' : change < 0 ? '−' : '±'}
          {Math.abs(change)} pts vs {previous.version}
        </span>
      )}
    </div>
  );
}
