import type { SystemHealth, SystemHealthStatus } from '@patrol/contracts';
import { healthRingColour, type HealthScoreColour } from '@patrol/domain';
import { CheckCircle2Icon, HeartPulseIcon, LightbulbIcon } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import {
  Panel,
  PanelSkeleton,
  PanelUnavailable,
  SeverityBadge,
} from '@/features/system/components/panel-parts';
import { healthIssueLabels } from '@/features/system/lib/system-events';

/** The card shows the top 3 issues and 2 recommendations (spec 2 section 2.6). */
export const issuesShown = 3;
export const cardRecommendationsShown = 2;

const scoreColours: Record<HealthScoreColour, string> = {
  green: 'text-green-600 border-green-200 bg-green-50',
  yellow: 'text-yellow-700 border-yellow-200 bg-yellow-50',
  orange: 'text-orange-600 border-orange-200 bg-orange-50',
  red: 'text-red-600 border-red-200 bg-red-50',
};

export const healthStatusTones: Record<SystemHealthStatus, BadgeVariant> = {
  healthy: 'success',
  warning: 'warning',
  critical: 'danger',
};

export const healthStatusLabels: Record<SystemHealthStatus, string> = {
  healthy: 'Healthy',
  warning: 'Warning',
  critical: 'Critical',
};

type HealthIssuesCardProps = {
  health: SystemHealth | undefined;
  /** The health call failed and nothing was loaded before. */
  error: string | null;
};

/** System Health Issues: the score, the top 3 issues and up to 2 recommendations. */
export function HealthIssuesCard({ health, error }: HealthIssuesCardProps) {
  return (
    <Panel
      title="System Health Issues"
      icon={HeartPulseIcon}
      aside={
        health && (
          <Badge variant={healthStatusTones[health.status]}>
            {healthStatusLabels[health.status]}
          </Badge>
        )
      }
    >
      {!health ? (
        error ? (
          <PanelUnavailable message={error} />
        ) : (
          <PanelSkeleton rows={3} />
        )
      ) : (
        <div className="grid gap-4 md:grid-cols-[auto_1fr_1fr]">
          <div
            className={cn(
              'flex size-24 flex-col items-center justify-center rounded-full border-4',
              scoreColours[healthRingColour(health.score, health.status)],
            )}
            role="img"
            aria-label={`Health score ${health.score} of 100`}
          >
            <span className="text-3xl font-bold tabular-nums">{health.score}</span>
            <span className="text-xs text-muted-foreground">of 100</span>
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
              Top issues
            </h3>
            {health.issues.length === 0 ? (
              <p className="flex items-center gap-2 text-sm text-green-700">
                <CheckCircle2Icon aria-hidden="true" className="size-4" />
                No issues: every figure is within its thresholds.
              </p>
            ) : (
              <ul aria-label="Health issues" className="space-y-1.5">
                {health.issues.slice(0, issuesShown).map((issue) => (
                  <li key={`${issue.key}-${issue.severity}`} className="flex items-start gap-2">
                    <SeverityBadge severity={issue.severity} />
                    <span className="text-sm">
                      <span className="sr-only">{healthIssueLabels[issue.key]}: </span>
                      {issue.message}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {health.issues.length > issuesShown && (
              <p className="mt-1 text-xs text-muted-foreground">
                and {health.issues.length - issuesShown} more
              </p>
            )}
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
              What to do
            </h3>
            {health.recommendations.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing needs doing.</p>
            ) : (
              <ul aria-label="Health recommendations" className="space-y-1.5">
                {health.recommendations.slice(0, cardRecommendationsShown).map((item) => (
                  <li key={item.key} className="flex items-start gap-2 text-sm">
                    <LightbulbIcon
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-amber-500"
                    />
                    {item.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Panel>
  );
}
