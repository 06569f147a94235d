import type { ReleaseVitalsFigures } from '@patrol/contracts';
import { playAnrRateThreshold, playCrashRateThreshold } from '@patrol/domain';
import { cn } from '@/lib/cn';

const numberFormat = new Intl.NumberFormat('en-MY');
const shown = (rate: number | null) => (rate === null ? '–' : `${rate}%`);

/**
 * A release's session vitals over the last 24 hours: crash-free sessions and devices, Google
 * Play's user-perceived crash and ANR rates (red at Play's bad-behaviour thresholds) and adoption;
 * since-release figures in the title.
 */
export function ReleaseVitalsLines({ vitals }: { vitals: ReleaseVitalsFigures }) {
  const day = vitals.last24h;
  const ever = vitals.sinceRelease;
  const crashBad =
    day.userPerceivedCrashRate !== null && day.userPerceivedCrashRate >= playCrashRateThreshold;
  const anrBad =
    day.userPerceivedAnrRate !== null && day.userPerceivedAnrRate >= playAnrRateThreshold;
  return (
    <div
      className="flex flex-col items-end gap-0.5"
      title={`Since release: ${shown(ever.crashFreeSessions)} crash-free sessions of ${numberFormat.format(ever.sessions)}, ${shown(ever.crashFreeDevices)} crash-free devices of ${numberFormat.format(ever.devices)}, user-perceived crash rate ${shown(ever.userPerceivedCrashRate)}, ANR rate ${shown(ever.userPerceivedAnrRate)}`}
    >
      <span className="font-medium tabular-nums">
        {shown(day.crashFreeSessions)} crash-free sessions
      </span>
      <span className="text-xs text-muted-foreground tabular-nums">
        {shown(day.crashFreeDevices)} of {numberFormat.format(day.devices)} devices · 24 h
      </span>
      <span className="text-xs tabular-nums">
        <span className={cn(crashBad && 'font-medium text-destructive')}>
          Crash {shown(day.userPerceivedCrashRate)}
        </span>
        {' · '}
        <span className={cn(anrBad && 'font-medium text-destructive')}>
          ANR {shown(day.userPerceivedAnrRate)}
        </span>
      </span>
      <span className="text-xs text-muted-foreground tabular-nums">
        Adoption {shown(vitals.adoption)}
      </span>
    </div>
  );
}
