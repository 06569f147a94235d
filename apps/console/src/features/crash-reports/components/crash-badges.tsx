import type { CrashReportType, CrashSeverity, CrashStatus } from '@patrol/contracts';
import {
  crashReportTypeLabel,
  crashScoreColour,
  crashStatusLabel,
  severityLabel,
  type ScoreColour,
} from '@patrol/domain';
import { StatusBadge, type StatusTones } from '@/components/status-badge';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

/** Red for critical, amber for high (STYLE.md's state colours); medium and low quieter. */
export const severityTones: StatusTones<CrashSeverity> = {
  critical: 'destructive',
  high: 'danger',
  medium: 'warning',
  low: 'inactive',
};

/** New stands out; work under way amber; resolved green; closed and duplicate grey. */
export const crashStatusTones: StatusTones<CrashStatus> = {
  new: 'default',
  investigating: 'warning',
  'in-progress': 'warning',
  resolved: 'success',
  closed: 'inactive',
  duplicate: 'secondary',
};

export function SeverityBadge({ severity }: { severity: string }) {
  return (
    <StatusBadge
      status={severity as CrashSeverity}
      tones={severityTones}
      label={severityLabel(severity)}
    />
  );
}

export function CrashStatusBadge({ status }: { status: CrashStatus }) {
  return <StatusBadge status={status} tones={crashStatusTones} label={crashStatusLabel(status)} />;
}

export function ReportTypeBadge({ reportType }: { reportType: CrashReportType }) {
  return (
    <Badge variant={reportType === 'debug' ? 'secondary' : 'outline'}>
      {crashReportTypeLabel(reportType)}
    </Badge>
  );
}

const scoreTones: Record<ScoreColour, BadgeVariant> = {
  green: 'success',
  yellow: 'warning',
  red: 'danger',
};

/** A score out of 100: above 80 green, above 60 yellow, else red (spec 2 section 2.4). */
export function ScoreBadge({ score }: { score: number }) {
  return (
    <Badge variant={scoreTones[crashScoreColour(score)]} className="tabular-nums">
      {score}
    </Badge>
  );
}
